/* binary.c - encoding and decoding of the native binary trace records.
 *
 * Record layout (little-endian, 24 bytes):
 *   0  u64 addr
 *   8  u64 cycle   (0 unless the HAS_CYCLE bit is set)
 *   16 u32 meta    bits 0-23 size in bytes (> 0), bit 24 write, bit 25 has cycle,
 *                  bit 26 has core, bit 27 has warp, bits 28-31 zero
 *   20 u16 core
 *   22 u16 warp
 * Fixed-size records of slowly changing fields compress well with zstd.
 */
#include <string.h>

#include "binary.h"
#include "format.h"

const unsigned char binary_magic[8] = {0x89, 'H', 'A', 'M', 'M', 'T', 'R', '\n'};

#define META_SIZE_MASK 0x00FFFFFFu
#define META_WRITE (1u << 24)
#define META_FLAGS_SHIFT 25
#define META_RESERVED 0xF0000000u

static uint64_t le64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t le16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

int binary_has_magic(const void *p, size_t n)
{
    return n >= sizeof binary_magic && memcmp(p, binary_magic, sizeof binary_magic) == 0;
}

hamm_status binary_check_header(const void *buf, size_t n, const char *source, hamm_error *err)
{
    const unsigned char *p = buf;
    if (n < BINARY_HEADER_SIZE)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_BYTE(source, n), "header",
                             "truncated binary header: %zu of %u bytes", n, BINARY_HEADER_SIZE);
    if (!binary_has_magic(p, n))
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_BYTE(source, 0), "header",
                             "not a hamm binary trace (bad magic number)");
    unsigned version = le16(p + 8), record = le16(p + 10);
    if (version != BINARY_VERSION)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_BYTE(source, 8), "header.version",
                             "unsupported binary trace version %u (this hamm reads %u)", version,
                             BINARY_VERSION);
    if (record != BINARY_RECORD_SIZE)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_BYTE(source, 10), "header.record_size",
                             "record size %u, version %u has %u", record, version,
                             BINARY_RECORD_SIZE);
    if (le32(p + 12) != 0)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_BYTE(source, 12), "header.reserved",
                             "reserved header bytes are not zero");
    return HAMM_OK;
}

void binary_write_header(unsigned char out[BINARY_HEADER_SIZE])
{
    memcpy(out, binary_magic, sizeof binary_magic);
    put_le(out + 8, BINARY_VERSION, 2);
    put_le(out + 10, BINARY_RECORD_SIZE, 2);
    put_le(out + 12, 0, 4);
}

static int meta_valid(uint32_t meta)
{
    return (meta & META_RESERVED) == 0 && (meta & META_SIZE_MASK) != 0;
}

size_t binary_decode(const unsigned char *p, size_t n, hamm_request *out)
{
    for (size_t i = 0; i < n; i++, p += BINARY_RECORD_SIZE) {
        uint32_t meta = le32(p + 16);
        if (!meta_valid(meta))
            return i;
        hamm_request *r = &out[i];
        r->addr = le64(p);
        r->cycle = le64(p + 8);
        r->size = meta & META_SIZE_MASK;
        r->op = (meta & META_WRITE) ? HAMM_OP_WRITE : HAMM_OP_READ;
        r->flags = (uint8_t)((meta >> META_FLAGS_SHIFT) & 7u);
        r->core = le16(p + 20);
        r->warp = le16(p + 22);
    }
    return n;
}

hamm_status binary_bad_record(const unsigned char *p, const char *source, uint64_t offset,
                              hamm_error *err)
{
    uint32_t meta = le32(p + 16);
    if (meta & META_RESERVED)
        return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_BYTE(source, offset), "meta",
                             "reserved bits set in record (0x%08x)", meta);
    return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_BYTE(source, offset), "size",
                         "request size is 0");
}

void binary_encode(const hamm_request *req, unsigned char out[BINARY_RECORD_SIZE])
{
    uint32_t meta = (req->size & META_SIZE_MASK) | (req->op == HAMM_OP_WRITE ? META_WRITE : 0) |
                    (uint32_t)(req->flags & 7u) << META_FLAGS_SHIFT;
    put_le(out, req->addr, 8);
    put_le(out + 8, (req->flags & HAMM_REQ_HAS_CYCLE) ? req->cycle : 0, 8);
    put_le(out + 16, meta, 4);
    put_le(out + 20, (req->flags & HAMM_REQ_HAS_CORE) ? req->core : 0, 2);
    put_le(out + 22, (req->flags & HAMM_REQ_HAS_WARP) ? req->warp : 0, 2);
}

const trace_format trace_format_binary = {
    .id = HAMM_FORMAT_BINARY,
    .name = "binary",
    .summary = "native binary: 16-byte header, 24-byte little-endian records",
};
