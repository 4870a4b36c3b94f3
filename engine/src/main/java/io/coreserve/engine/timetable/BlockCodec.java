package io.coreserve.engine.timetable;

/**
 * The byte encoding of one block of breakpoints of a {@link Timetable}.
 *
 * <p>A breakpoint is stored as the change it makes: the time since the previous breakpoint (in the block's
 * time unit: a minute, a second or a millisecond, whichever divides all its offsets) and, per property, the
 * change of the reserved amount. It starts with a header of 2 bits for the time's size and 2 bits per property
 * (zero, 2 bytes, 3 bytes, or a varint; one byte for three properties). Amount changes are zigzag-coded.
 *
 * <p>A reservation ends by taking away exactly what it added, so the change at a reservation's end is very
 * often the negation of the change at one of the few breakpoints before it. Such a breakpoint is stored as a
 * back-reference instead: all property codes zero (which a real breakpoint never has, because a breakpoint
 * that changes nothing is removed) and one byte holding the distance. Back-references stay inside the block,
 * so every block decodes on its own from its base.
 */
final class BlockCodec {

    /** A block is split in two when an edit leaves it with more breakpoints than this. */
    static final int MAX_BREAKPOINTS = 64;
    /** A block with fewer breakpoints than this after an edit is merged with the next one. */
    static final int MIN_BREAKPOINTS = 8;
    /** How far back a breakpoint may refer for the negation of its change. */
    static final int BACK_REFERENCE_REACH = 16;

    private static final long[] UNITS = {1L, 1_000L, 60_000L};

    private BlockCodec() {
    }

    static int headerBytes(int properties) {
        return (2 + 2 * properties + 7) / 8;
    }

    /** An upper bound of the bytes one breakpoint takes. */
    static int maxBytesPerBreakpoint(int properties) {
        return headerBytes(properties) + 10 + 10 * properties;
    }

    /** The largest unit (its code) dividing every times[r] - times[first] for r in [first, last]. */
    static int unitCode(long[] times, int first, int last) {
        for (int code = UNITS.length - 1; code > 0; code--) {
            boolean divides = true;
            for (int r = first + 1; r <= last && divides; r++) {
                divides = (times[r] - times[first]) % UNITS[code] == 0;
            }
            if (divides) {
                return code;
            }
        }
        return 0;
    }

    /**
     * Encodes rows [first, last] of {@code rows}, whose amounts before row first are those of row first - 1,
     * into {@code out} from {@code pos}; returns the position after the last byte.
     */
    static int encode(DecodedRows rows, int first, int last, int unitCode, byte[] out, int pos) {
        int p = rows.properties;
        int headerBytes = headerBytes(p);
        long unit = UNITS[unitCode];
        long[] times = rows.times;
        long[] levels = rows.levels;
        for (int r = first; r <= last; r++) {
            long step = r == first ? 0 : (times[r] - times[r - 1]) / unit;
            int timeCode = sizeCode(step);
            int headerAt = pos;
            pos = write(out, pos + headerBytes, step, timeCode);
            long header = timeCode;
            int distance = backReference(levels, p, first, r);
            if (distance == 0 && unchanged(levels, p, r)) {
                throw new IllegalStateException("breakpoint at " + times[r] + " changes nothing");
            }
            if (distance > 0) {
                out[pos++] = (byte) distance;
            } else {
                for (int i = 0; i < p; i++) {
                    long change = zigzag(levels[r * p + i] - levels[(r - 1) * p + i]);
                    int code = change == 0 ? 0 : Math.max(1, sizeCode(change));
                    header |= (long) code << (2 + 2 * i);
                    if (code != 0) {
                        pos = write(out, pos, change, code);
                    }
                }
            }
            for (int b = 0; b < headerBytes; b++) {
                out[headerAt + b] = (byte) (header >>> (8 * b));
            }
        }
        return pos;
    }

    /**
     * Decodes a block's breakpoints into rows from {@code at} on (row at - 1 must hold the block's base), stopping
     * before the first breakpoint later than {@code limit}; returns how many rows it wrote.
     */
    static int decode(byte[] data, int pos, int count, long start, int unitCode, long limit, DecodedRows rows,
            int at) {
        int p = rows.properties;
        int headerBytes = headerBytes(p);
        long unit = UNITS[unitCode];
        rows.ensureRows(at + count + 1);
        long[] times = rows.times;
        long[] levels = rows.levels;
        long t = start;
        for (int k = 0; k < count; k++) {
            long header = 0;
            for (int b = 0; b < headerBytes; b++) {
                header |= (data[pos++] & 0xFFL) << (8 * b);
            }
            int timeCode = (int) (header & 3);
            long step = read(data, pos, timeCode);
            pos += timeCode < 3 ? timeCode + 1 : varintLength(data, pos);
            t += step * unit;
            if (t > limit) {
                return k;
            }
            int r = at + k;
            times[r] = t;
            int current = r * p;
            int previous = current - p;
            if (header >>> 2 == 0) {
                int referenced = (r - (data[pos++] & 0xFF)) * p;
                for (int i = 0; i < p; i++) {
                    levels[current + i] = levels[previous + i] - (levels[referenced + i] - levels[referenced - p + i]);
                }
            } else {
                for (int i = 0; i < p; i++) {
                    int code = (int) (header >>> (2 + 2 * i)) & 3;
                    long change = 0;
                    if (code != 0) {
                        change = unzigzag(read(data, pos, code));
                        pos += code < 3 ? code + 1 : varintLength(data, pos);
                    }
                    levels[current + i] = levels[previous + i] + change;
                }
            }
        }
        return count;
    }

    /** The distance d (1..reach) to an earlier row of the block whose change row r negates, or 0. */
    private static int backReference(long[] levels, int p, int first, int r) {
        int reach = Math.min(BACK_REFERENCE_REACH, r - first);
        for (int d = 1; d <= reach; d++) {
            int a = r * p;
            int b = (r - d) * p;
            boolean negates = true;
            for (int i = 0; i < p && negates; i++) {
                negates = levels[a + i] - levels[a - p + i] == -(levels[b + i] - levels[b - p + i]);
            }
            if (negates) {
                return d;
            }
        }
        return 0;
    }

    private static boolean unchanged(long[] levels, int p, int r) {
        return java.util.Arrays.equals(levels, r * p, r * p + p, levels, (r - 1) * p, r * p);
    }

    /** 0, 1, 2: the value fits in 1, 2, 3 bytes (times) or 2, 3 bytes (amounts, code 0 meaning zero); 3: varint. */
    private static int sizeCode(long unsigned) {
        if (unsigned >>> 24 != 0 || unsigned < 0) {
            return 3;
        }
        return unsigned >>> 16 != 0 ? 2 : unsigned >>> 8 != 0 ? 1 : 0;
    }

    private static int write(byte[] out, int pos, long value, int code) {
        if (code == 3) {
            long v = value;
            while ((v & ~0x7FL) != 0) {
                out[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out[pos++] = (byte) v;
            return pos;
        }
        for (int b = 0; b <= code; b++) {
            out[pos++] = (byte) (value >>> (8 * b));
        }
        return pos;
    }

    private static long read(byte[] data, int pos, int code) {
        if (code == 3) {
            long value = 0;
            int shift = 0;
            byte b;
            do {
                b = data[pos++];
                value |= (b & 0x7FL) << shift;
                shift += 7;
            } while (b < 0);
            return value;
        }
        long value = 0;
        for (int b = 0; b <= code; b++) {
            value |= (data[pos + b] & 0xFFL) << (8 * b);
        }
        return value;
    }

    private static int varintLength(byte[] data, int pos) {
        int length = 1;
        while (data[pos + length - 1] < 0) {
            length++;
        }
        return length;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }
}
