// The coreserve console: a Gantt timeline (ECharts custom series) of the domain's resources, the request form
// with its probe, the reservation list and the live feed. Everything comes from the service's own HTTP routes.
'use strict';

const $ = (id) => document.getElementById(id);
const state = { user: null, domain: '', timeline: null, probe: null };
const chart = echarts.init($('timeline'));

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(answer.error + (answer.field ? ' (' + answer.field + ')' : ''));
  }
  return answer;
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
}

function time(ms) {
  return ms == null ? '' : new Date(ms).toISOString().replace('T', ' ').substring(0, 16);
}

// Bar labels are measured in the font they are drawn in, so a label is shown only where it fits whole.
const LABEL_FONT = '11px sans-serif';
const LABEL_PADDING = 3;
const measure = document.createElement('canvas').getContext('2d');
measure.font = LABEL_FONT;

// A reservation's label: its owner and request id, or the owner alone on a narrower bar, or nothing.
function barLabel(item, width) {
  const user = item.value[5];
  if (!user) {
    return null;
  }
  return [user + ' \u00b7 ' + item.value[3], user]
    .find((text) => measure.measureText(text).width + 2 * LABEL_PADDING <= width) || null;
}

// One bar per booking: [resource row, from, to, request id, kind, owner]; the probe's placement is drawn dashed.
// `items` is the series' data, for the owner's name (api.value gives a string dimension's index, not its text).
function renderBar(items) {
  return (params, api) => {
    const row = api.value(0);
    const start = api.coord([api.value(1), row]);
    const end = api.coord([api.value(2), row]);
    const height = api.size([0, 1])[1] * 0.6;
    const shape = echarts.graphic.clipRectByRect(
      { x: start[0], y: start[1] - height / 2, width: Math.max(end[0] - start[0], 2), height },
      { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });
    if (!shape) {
      return null;
    }
    const bar = { type: 'rect', shape, style: api.style() };
    const label = barLabel(items[params.dataIndex], shape.width);
    return !label ? bar : { type: 'group', children: [bar, { type: 'text', silent: true, style: {
      text: label, font: LABEL_FONT, fill: '#ffffff', verticalAlign: 'middle',
      x: shape.x + LABEL_PADDING, y: shape.y + shape.height / 2 } }] };
  };
}

function bars(timeline) {
  const data = [];
  timeline.resources.forEach((resource, row) => {
    resource.bookings.forEach((b) => {
      const own = b.user != null && b.user === state.user;
      const color = b.kind === 'RESERVATION' || b.kind === 'reservation'
        ? (own ? '#2f7ed8' : '#8bbc21') : '#aaaaaa';
      data.push({ name: b.requestId || b.kind, value: [row, b.from, b.to, b.requestId, b.kind, b.user || ''],
        itemStyle: { color } });
    });
  });
  return data;
}

function probeBars(timeline, decision) {
  if (!decision || decision.start == null) {
    return [];
  }
  const rows = new Map(timeline.resources.map((r, i) => [r.id, i]));
  return (decision.allocations || []).filter((a) => rows.has(a.resourceId)).map((a) => ({
    name: 'probe', value: [rows.get(a.resourceId), decision.start, decision.end, 'probe', 'PROBE'],
    itemStyle: { color: 'rgba(255,165,0,0.5)', borderColor: '#e67e00', borderType: 'dashed', borderWidth: 1 } }));
}

function drawTimeline() {
  const timeline = state.timeline;
  if (!timeline) {
    return;
  }
  // The owner's name on every reservation bar (other users' bars too: everyone sees every booking) and its tooltip.
  const tooltip = (p) => escape(p.value[3] + ' (' + (p.value[5] ? p.value[5] + ', ' : '') + p.value[4] + ')')
    + '<br>' + time(p.value[1]) + ' .. ' + time(p.value[2]);
  const bookings = bars(timeline);
  const probed = probeBars(timeline, state.probe);
  chart.setOption({
    animation: false,
    tooltip: { formatter: tooltip },
    grid: { left: 110, right: 30, top: 20, bottom: 60 },
    xAxis: { type: 'time', min: timeline.from, max: timeline.to },
    yAxis: { type: 'category', data: timeline.resources.map((r) => r.id), inverse: true },
    dataZoom: [{ type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter' },
      { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' },
      { type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', width: 12 }],
    series: [
      { id: 'bookings', type: 'custom', renderItem: renderBar(bookings), encode: { x: [1, 2], y: 0 }, data: bookings },
      { id: 'probe', type: 'custom', renderItem: renderBar(probed), encode: { x: [1, 2], y: 0 }, data: probed }],
  }, { replaceMerge: ['series'] });
}

async function loadTimeline() {
  const query = new URLSearchParams({ domain: $('domain').value, from: $('from').value, to: $('to').value });
  state.timeline = await call('GET', '/timeline?' + query);
  if (!$('domain').value) {
    $('domain').value = state.timeline.domain;
  }
  drawTimeline();
}

// Every user's reservations (filters: user, status); Cancel and Accept only on the logged-in user's own.
async function loadReservations() {
  const query = new URLSearchParams();
  if ($('filter-user').value) {
    query.set('user', $('filter-user').value);
  }
  if ($('filter-status').value) {
    query.set('status', $('filter-status').value);
  }
  const decisions = await call('GET', '/reservations?' + query);
  const rows = decisions.map((d) => {
    const tr = document.createElement('tr');
    tr.className = 'reservation';
    tr.dataset.id = d.requestId;
    tr.dataset.user = d.user;
    [d.requestId, d.user, d.status, time(d.start), time(d.end),
      (d.allocations || []).map((a) => a.resourceId).join(' ')].forEach((text) => {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    });
    const action = document.createElement('td');
    if (d.user === state.user && d.status === 'COUNTER_OFFER') {
      action.appendChild(button('accept', d, 'Accept', () => accept(d)));
    }
    if (d.user === state.user && (d.status === 'ACCEPTED' || d.status === 'COUNTER_OFFER')) {
      action.appendChild(button('cancel', d, 'Cancel', () => cancel(d)));
    }
    tr.appendChild(action);
    return tr;
  });
  $('reservations').querySelector('tbody').replaceChildren(...rows);
}

function button(kind, decision, text, onclick) {
  const b = document.createElement('button');
  b.className = kind;
  b.dataset.id = decision.requestId;
  b.textContent = text;
  b.onclick = onclick;
  return b;
}

async function refresh() {
  try {
    await loadReservations();
    await loadTimeline();
  } catch (e) {
    $('login-error').textContent = e.message;
  }
}

function request() {
  return {
    user: state.user || 'anonymous',
    domain: $('domain').value || undefined,
    n: Number($('req-n').value),
    min: { cores: Number($('req-min-cores').value) },
    total: { cores: Number($('req-total-cores').value) },
    duration: $('req-duration').value,
    earliest: $('req-earliest').value || 'now',
  };
}

async function probe() {
  try {
    state.probe = await call('POST', '/probe', request());
    $('probe-result').textContent = state.probe.start == null
      ? state.probe.status + ': ' + state.probe.message
      : state.probe.status + ': would start ' + time(state.probe.start) + ' on '
        + state.probe.allocations.map((a) => a.resourceId).join(' ');
    drawTimeline();
  } catch (e) {
    $('probe-result').textContent = e.message;
  }
}

async function submit() {
  try {
    const answer = await call('POST', '/console/submit', request());
    $('submit-result').textContent = 'submitted ' + answer.id;
    state.probe = null;
  } catch (e) {
    $('submit-result').textContent = e.message;
  }
}

async function cancel(decision) {
  try {
    await call('POST', '/console/cancel', { id: decision.requestId, user: decision.user, domain: decision.domain });
    $('submit-result').textContent = 'cancelling ' + decision.requestId;
  } catch (e) {
    $('submit-result').textContent = e.message;
  }
}

async function accept(decision) {
  try {
    const answer = await call('POST', '/console/accept',
      { id: decision.requestId, user: decision.user, domain: decision.domain });
    $('submit-result').textContent = 'accepting ' + decision.requestId + ' from ' + time(answer.start);
  } catch (e) {
    $('submit-result').textContent = e.message;
  }
}

function showUser(me) {
  state.user = me.user;
  $('whoami').textContent = me.user ? 'logged in as ' + me.user : 'not logged in';
  $('login-form').hidden = !!me.user;
  $('logout-button').hidden = !me.user;
  $('login-key').hidden = !me.keyRequired;
}

$('login-form').onsubmit = async (event) => {
  event.preventDefault();
  try {
    await call('POST', '/console/login', { user: $('login-user').value, key: $('login-key').value });
    $('login-error').textContent = '';
    showUser(await call('GET', '/console/me'));
    refresh();
  } catch (e) {
    $('login-error').textContent = e.message;
  }
};
$('logout-button').onclick = async () => {
  await call('POST', '/console/logout');
  showUser(await call('GET', '/console/me'));
  refresh();
};
$('refresh').onclick = refresh;
$('filter-user').onchange = refresh;
$('filter-status').onchange = refresh;
$('probe-button').onclick = probe;
$('submit-button').onclick = submit;
window.addEventListener('resize', () => chart.resize());

const feed = new EventSource('/console/events');
feed.addEventListener('line', (event) => {
  const li = document.createElement('li');
  li.textContent = event.data;
  $('feed').prepend(li);
  refresh();
});

// The domain list comes from the catalogue (GET /domains), with the configured domain chosen first; a domain
// that has no resources yet (an empty catalogue) is still listed so that the timeline can be asked for it. When
// the list cannot be gathered (an instance does not answer: 503), the configured domain alone is offered.
async function loadDomains(chosen) {
  let domains = [];
  try {
    domains = await call('GET', '/domains');
  } catch (e) {
    console.warn('domain list unavailable: ' + e.message);
  }
  const names = domains.map((d) => d.domain);
  if (chosen && !names.includes(chosen)) {
    domains.unshift({ domain: chosen, resources: 0 });
  }
  $('domain').replaceChildren(...domains.map((d) => {
    const option = document.createElement('option');
    option.value = d.domain;
    option.textContent = d.domain + ' (' + d.resources + ')';
    return option;
  }));
  $('domain').value = chosen || (names[0] ?? '');
}

call('GET', '/console/me').then(async (me) => {
  showUser(me);
  await loadDomains(me.domain);
  refresh();
});
$('domain').onchange = refresh;
setInterval(refresh, 5000);
