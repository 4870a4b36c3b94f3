package io.coreserve.serde;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * An Avro binary decoder that checks every length and item count a record declares before the reader allocates
 * for it. Avro's own decoder trusts them: a 14-byte record whose string length says 2×10⁹ makes it allocate 2 GB.
 * Strings and bytes are decoded here (a length, then that many bytes, as the Avro specification encodes them) so
 * that the check comes first; everything else is the plain {@link BinaryDecoder}'s.
 */
final class BoundedDecoder extends Decoder {

    private final BinaryDecoder in;
    private final ReadLimits limits;
    /** No length in a record can exceed the bytes the record has. */
    private final int recordBytes;
    private long items;

    BoundedDecoder(BinaryDecoder in, ReadLimits limits, int recordBytes) {
        this.in = in;
        this.limits = limits;
        this.recordBytes = recordBytes;
    }

    boolean isEnd() throws IOException {
        return in.isEnd();
    }

    private int checkedLength(String what) throws IOException {
        long length = in.readLong();
        if (length < 0) {
            throw new ReadLimitException("a " + what + " with negative length " + length);
        }
        if (length > recordBytes) {
            throw new ReadLimitException("a " + what + " of " + length + " bytes in a record of " + recordBytes
                    + " bytes");
        }
        if (length > limits.maxStringBytes()) {
            throw new ReadLimitException("a " + what + " of " + length + " bytes, more than "
                    + ReadLimits.MAX_STRING_BYTES + "=" + limits.maxStringBytes());
        }
        return (int) length;
    }

    private long counted(long blockItems) {
        // A negative count is followed by the block's size in bytes; BinaryDecoder has already turned it positive.
        items += Math.abs(blockItems);
        if (items > limits.maxCollectionItems()) {
            throw new ReadLimitException(items + " array items or map entries, more than "
                    + ReadLimits.MAX_COLLECTION_ITEMS + "=" + limits.maxCollectionItems());
        }
        return blockItems;
    }

    @Override
    public Utf8 readString(Utf8 old) throws IOException {
        int length = checkedLength("string");
        Utf8 result = old != null ? old : new Utf8();
        result.setByteLength(length);
        in.readFixed(result.getBytes(), 0, length);
        return result;
    }

    @Override
    public String readString() throws IOException {
        int length = checkedLength("string");
        byte[] bytes = new byte[length];
        in.readFixed(bytes, 0, length);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public ByteBuffer readBytes(ByteBuffer old) throws IOException {
        int length = checkedLength("bytes value");
        ByteBuffer result = old != null && old.capacity() >= length ? old : ByteBuffer.allocate(length);
        result.clear();
        in.readFixed(result.array(), result.arrayOffset(), length);
        result.limit(length);
        return result;
    }

    @Override
    public void skipString() throws IOException {
        in.skipFixed(checkedLength("string"));
    }

    @Override
    public void skipBytes() throws IOException {
        in.skipFixed(checkedLength("bytes value"));
    }

    @Override
    public long readArrayStart() throws IOException {
        return counted(in.readArrayStart());
    }

    @Override
    public long arrayNext() throws IOException {
        return counted(in.arrayNext());
    }

    @Override
    public long skipArray() throws IOException {
        return counted(in.skipArray());
    }

    @Override
    public long readMapStart() throws IOException {
        return counted(in.readMapStart());
    }

    @Override
    public long mapNext() throws IOException {
        return counted(in.mapNext());
    }

    @Override
    public long skipMap() throws IOException {
        return counted(in.skipMap());
    }

    @Override
    public void readNull() throws IOException {
        in.readNull();
    }

    @Override
    public boolean readBoolean() throws IOException {
        return in.readBoolean();
    }

    @Override
    public int readInt() throws IOException {
        return in.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return in.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        return in.readFloat();
    }

    @Override
    public double readDouble() throws IOException {
        return in.readDouble();
    }

    @Override
    public void readFixed(byte[] bytes, int start, int length) throws IOException {
        in.readFixed(bytes, start, length);
    }

    @Override
    public void skipFixed(int length) throws IOException {
        in.skipFixed(length);
    }

    @Override
    public int readEnum() throws IOException {
        return in.readEnum();
    }

    @Override
    public int readIndex() throws IOException {
        return in.readIndex();
    }
}
