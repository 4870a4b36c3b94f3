package io.coreserve.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.coreserve.app.CoreserveApp;
import io.coreserve.app.EventProducer;
import io.coreserve.app.TopicAdmin;
import io.coreserve.catalogue.DemoCatalogue;
import io.coreserve.config.CoreserveConfig;
import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.SigningKeys;
import io.coreserve.identity.UserKeyDirectory;
import io.coreserve.local.ApicurioRegistryProcess;
import io.coreserve.reservation.ReservationPipeline;
import io.coreserve.testing.EmbeddedKafka;
import io.coreserve.identity.CommandSignature;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.crypto.SecretKey;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real browser (Debian's chromium, headless) against a real broker and registry, with the
 * pipeline verifying signatures: alice logs in with her key, submits a request through the form, sees its bar on
 * the timeline labelled with her name and its decision in the live feed, cancels it and sees the bar go. Skipped where
 * {@code /usr/bin/chromedriver} is missing ({@code apt-get install -y chromium chromium-driver}).
 */
@Tag("integration")
class ConsoleBrowserTest {

    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Duration WAIT = Duration.ofSeconds(45);

    @TempDir
    static Path temp;

    private static EmbeddedKafka kafka;
    private static ApicurioRegistryProcess registry;
    private static CoreserveApp app;
    private static SecretKey aliceKey;
    private static SecretKey bobKey;
    private static double cores;

    @BeforeAll
    static void startEverything() throws Exception {
        assumeTrue(Files.isExecutable(CHROMEDRIVER), "no " + CHROMEDRIVER + ": apt-get install -y chromium "
                + "chromium-driver");
        kafka = EmbeddedKafka.start();
        registry = ApicurioRegistryProcess.start(temp);
        Path keys = temp.resolve("keys");
        aliceKey = SigningKeys.generate();
        new UserKeyDirectory(keys).put("alice", aliceKey);
        bobKey = SigningKeys.generate();
        new UserKeyDirectory(keys).put("bob", bobKey);
        CoreserveConfig config = CoreserveConfig.of(Map.of(
                StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                CoreserveConfig.SCHEMA_REGISTRY_URL, registry.url(),
                StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString(),
                CoreserveConfig.PARTITIONS, "1",
                CoreserveConfig.HTTP_PORT, "0",
                AuthSettings.ENABLED, "true",
                AuthSettings.KEYS_DIR, keys.toString()));
        TopicAdmin.ensureTopics(config.bootstrapServers(), config.topics(), 1, (short) 1);
        var nodes = DemoCatalogue.generate(6, "default", 7L, Instant.now());
        cores = nodes.stream().mapToDouble(r -> r.getProperties().get("cores")).sum();
        EventProducer.sendResources(config, nodes);
        // A second, smaller domain: the console's domain list comes from the catalogue.
        EventProducer.sendResources(config, DemoCatalogue.generate(3, "lab", 8L, Instant.now()));
        app = CoreserveApp.start(config, ReservationPipeline.forConfig(config), Duration.ofMinutes(1));
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (app != null) {
            app.close();
        }
        if (registry != null) {
            registry.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    private static WebDriver chromium() throws Exception {
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1000", "--user-data-dir=" + Files.createTempDirectory(temp, "chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** The request ids the Gantt chart itself holds as bars (asked of ECharts, not of our own DOM). */
    private static List<String> bars(WebDriver browser) {
        return strings(browser, "const option = echarts.getInstanceByDom(document.getElementById('timeline'))"
                + ".getOption();"
                + "return option && option.series ? option.series.flatMap(s => s.data.map(d => d.value[3])) : [];");
    }

    /**
     * The texts the Gantt chart draws (the canvas's display list, asked of ECharts' renderer: the labels are pixels,
     * not DOM): bar labels and axis labels.
     */
    private static List<String> drawnTexts(WebDriver browser) {
        return strings(browser, "return echarts.getInstanceByDom(document.getElementById('timeline')).getZr()"
                + ".storage.getDisplayList(true)"
                + ".filter(e => !e.invisible && e.style && typeof e.style.text === 'string').map(e => e.style.text);");
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(WebDriver browser, String script) {
        Object found = ((JavascriptExecutor) browser).executeScript(script);
        return found == null ? List.of() : (List<String>) found;
    }

    @Test
    void aliceSubmitsSeesHerBarAndDecisionThenCancelsIt() throws Exception {
        WebDriver browser = chromium();
        try {
            WebDriverWait wait = new WebDriverWait(browser, WAIT);
            browser.get(app.http().url() + "/");
            browser.findElement(By.id("login-user")).sendKeys("alice");
            browser.findElement(By.id("login-key")).sendKeys(SigningKeys.encode(aliceKey));
            browser.findElement(By.id("login-button")).click();
            wait.until(ExpectedConditions.textToBe(By.id("whoami"), "logged in as alice"));

            browser.findElement(By.id("probe-button")).click();
            wait.until(ExpectedConditions.textMatches(By.id("probe-result"), java.util.regex.Pattern.compile(
                    "would start")));
            wait.until(b -> bars(b).contains("probe"));

            browser.findElement(By.id("submit-button")).click();
            wait.until(ExpectedConditions.textMatches(By.id("submit-result"),
                    java.util.regex.Pattern.compile("submitted ")));
            String id = browser.findElement(By.id("submit-result")).getText().substring("submitted ".length());

            assertSignedByAlice(id);
            wait.until(b -> bars(b).contains(id));
            // Her bar is labelled with her name, and with the request id where the bar is wide enough.
            wait.until(b -> drawnTexts(b).stream().anyMatch(t -> t.equals("alice") || t.equals("alice \u00b7 " + id)));
            wait.until(ExpectedConditions.textMatches(By.id("feed"), java.util.regex.Pattern.compile(
                    "decision ACCEPTED alice/" + java.util.regex.Pattern.quote(id))));
            screenshot(browser);

            wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.cancel[data-id='" + id + "']")))
                    .click();
            wait.until(ExpectedConditions.textMatches(By.id("feed"), java.util.regex.Pattern.compile(
                    "decision CANCELLED alice/" + java.util.regex.Pattern.quote(id))));
            wait.until(b -> !bars(b).contains(id));
        } catch (RuntimeException | AssertionError e) {
            throw new AssertionError("the page said: " + browser.findElement(By.tagName("body")).getText(), e);
        } finally {
            browser.quit();
        }
    }

    @Test
    void theDomainListIsTheCatalogueAndChoosingADomainShowsItsResources() throws Exception {
        WebDriver browser = chromium();
        try {
            WebDriverWait wait = new WebDriverWait(browser, WAIT);
            browser.get(app.http().url() + "/");
            wait.until(b -> strings(b, "return [...document.querySelectorAll('#domain option')].map(o => o.text);")
                    .equals(List.of("default (6)", "lab (3)")));
            wait.until(b -> timelineRows(b) == 6);
            new Select(browser.findElement(By.id("domain"))).selectByValue("lab");
            wait.until(b -> timelineRows(b) == 3);
        } catch (RuntimeException | AssertionError e) {
            throw new AssertionError("the page said: " + browser.findElement(By.tagName("body")).getText(), e);
        } finally {
            browser.quit();
        }
    }

    /** The resources (rows) the Gantt chart shows. */
    private static long timelineRows(WebDriver browser) {
        Object rows = ((JavascriptExecutor) browser).executeScript("const chart = echarts.getInstanceByDom("
                + "document.getElementById('timeline')); const option = chart && chart.getOption();"
                + "return option && option.yAxis ? option.yAxis[0].data.length : -1;");
        return ((Number) rows).longValue();
    }

    @Test
    void aCancelOfAnotherUsersReservationIsRefusedWith403() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> login = client.send(post("/console/login", "{\"user\": \"alice\", \"key\": \""
                + SigningKeys.encode(aliceKey) + "\"}", null), HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).isEqualTo(200);
        String cookie = login.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).contains("HttpOnly");

        HttpResponse<String> cancel = client.send(post("/console/cancel", "{\"id\": \"x\", \"user\": \"bob\"}",
                cookie.substring(0, cookie.indexOf(';'))), HttpResponse.BodyHandlers.ofString());
        assertThat(cancel.statusCode()).isEqualTo(403);
        assertThat(cancel.body()).contains("\"error\"").contains("only their own");

        HttpResponse<String> wrongKey = client.send(post("/console/login", "{\"user\": \"alice\", \"key\": \""
                + SigningKeys.encode(SigningKeys.generate()) + "\"}", null), HttpResponse.BodyHandlers.ofString());
        assertThat(wrongKey.statusCode()).isEqualTo(401);
    }

    /**
     * alice's request that needs every core for two hours blocks a second one in the next ten minutes, which gets
     * a counter-offer; she accepts it with the list's Accept button and sees it ACCEPTED. bob, logged in, cannot
     * cancel or accept alice's (403) and the list shows him no buttons on her rows, but names her on them.
     */
    @Test
    void aliceAcceptsACounterOfferInTheBrowserAndBobCannotTouchHers() throws Exception {
        try (CommandWriter writer = new CommandWriter(app.config())) {
            for (String[] request : new String[][] {{"blocker", "PT1M"}, {"offered", "PT10M"}}) {
                Instant now = Instant.now();
                writer.send("default", "alice", java.util.Optional.of(aliceKey), io.coreserve.events.ReservationCommand
                        .newBuilder().setCommand(io.coreserve.events.CoAllocationRequest.newBuilder()
                                .setRequestId(request[0]).setUser("alice").setResourceCount(6)
                                .setDurationMillis(Duration.ofHours(2).toMillis()).setEarliestStart(now)
                                .setLatestStart(now.plus(Duration.parse(request[1])))
                                .setTotals(Map.of("cores", cores)).setSubmittedAt(now).build()).build());
            }
        }
        WebDriver browser = chromium();
        try {
            WebDriverWait wait = new WebDriverWait(browser, WAIT);
            browser.get(app.http().url() + "/");
            logIn(browser, wait, "alice", aliceKey);
            wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.accept[data-id='offered']")))
                    .click();
            wait.until(ExpectedConditions.textMatches(By.id("feed"), java.util.regex.Pattern.compile(
                    "decision ACCEPTED alice/offered")));
            wait.until(ExpectedConditions.textMatches(By.cssSelector("tr.reservation[data-id='offered']"),
                    java.util.regex.Pattern.compile("ACCEPTED")));
            wait.until(b -> bars(b).contains("offered"));
        } catch (RuntimeException | AssertionError e) {
            throw new AssertionError("the page said: " + browser.findElement(By.tagName("body")).getText(), e);
        } finally {
            browser.quit();
        }

        String bob = session("bob", bobKey);
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> cancel = client.send(post("/console/cancel", "{\"id\": \"blocker\", \"user\": \"alice\"}",
                bob), HttpResponse.BodyHandlers.ofString());
        assertThat(cancel.statusCode()).isEqualTo(403);
        assertThat(cancel.body()).contains("bob may cancel only their own");
        HttpResponse<String> accept = client.send(post("/console/accept", "{\"id\": \"offered\", \"user\": \"alice\"}",
                bob), HttpResponse.BodyHandlers.ofString());
        assertThat(accept.statusCode()).isEqualTo(403);

        WebDriver bobsBrowser = chromium();
        try {
            WebDriverWait wait = new WebDriverWait(bobsBrowser, WAIT);
            bobsBrowser.get(app.http().url() + "/");
            logIn(bobsBrowser, wait, "bob", bobKey);
            wait.until(ExpectedConditions.textMatches(By.cssSelector("tr.reservation[data-id='blocker']"),
                    java.util.regex.Pattern.compile("alice")));
            assertThat(bobsBrowser.findElements(By.cssSelector("tr.reservation[data-user='alice'] button"))).isEmpty();
        } finally {
            bobsBrowser.quit();
        }
    }

    private static void logIn(WebDriver browser, WebDriverWait wait, String user, SecretKey key) {
        browser.findElement(By.id("login-user")).sendKeys(user);
        browser.findElement(By.id("login-key")).sendKeys(SigningKeys.encode(key));
        browser.findElement(By.id("login-button")).click();
        wait.until(ExpectedConditions.textToBe(By.id("whoami"), "logged in as " + user));
    }

    /** A console session cookie of {@code user}'s. */
    private static String session(String user, SecretKey key) throws Exception {
        HttpResponse<String> login = HttpClient.newHttpClient().send(post("/console/login", "{\"user\": \"" + user
                + "\", \"key\": \"" + SigningKeys.encode(key) + "\"}", null), HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).isEqualTo(200);
        String cookie = login.headers().firstValue("Set-Cookie").orElseThrow();
        return cookie.substring(0, cookie.indexOf(';'));
    }

    /** The command on the requests topic carries alice's name and a valid signature by her key. */
    private static void assertSignedByAlice(String id) {
        String topic = app.config().topics().requests();
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<byte[], byte[]>> commands = new ArrayList<>();
            await().atMost(WAIT).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(commands::add);
                return commands.stream().anyMatch(r -> new String(r.value(), StandardCharsets.UTF_8).contains(id));
            });
            ConsumerRecord<byte[], byte[]> command = commands.stream()
                    .filter(r -> new String(r.value(), StandardCharsets.UTF_8).contains(id)).findFirst().orElseThrow();
            assertThat(new String(command.headers().lastHeader(CommandSignature.SIGNER_HEADER).value(),
                    StandardCharsets.UTF_8)).isEqualTo("alice");
            assertThat(CommandSignature.verify(aliceKey, topic, "alice", command.value(),
                    command.headers().lastHeader(CommandSignature.SIGNATURE_HEADER).value())).isTrue();
        }
    }

    private static HttpRequest post(String path, String body, String cookie) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(app.http().url() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return request.build();
    }

    /** The page with a labelled booking on it, for README (copied to docs/console.png by hand). */
    private static void screenshot(WebDriver browser) throws Exception {
        File png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), Path.of("target", "console.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
