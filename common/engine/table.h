/* Distance tables: how a BFS result is encoded, described and checked.
 *
 * Encodings (docs/table-format.md has the maths):
 *   GT_ENC_BYTE     8 bits a state, the distance itself (GT_UNREACHED = 255).
 *   GT_ENC_NIBBLE   4 bits a state, the distance (15 = unreached); for pattern
 *                   databases whose heuristic needs the exact value.
 *   GT_ENC_MOD3     2 bits a state, distance mod 3 (3 = unreached). Neighbours
 *                   differ by at most one, so d-1, d, d+1 are told apart and a
 *                   walk can always find a descending neighbour.
 *   GT_ENC_PARITY1  1 bit a state, floor(d/2) mod 2, for bipartite graphs where
 *                   the puzzle knows d mod 2 (distance_parity): together they
 *                   give d mod 4, and neighbours are d-1 or d+1.
 *   GT_ENC_TOP2     2 bits a state, the top of the distribution: with
 *                   b = God's number - 4 (gt_table_top2_base), 0 for d <= b
 *                   (or unreached), else min(d - b, 3). Exact for b+1 and
 *                   b+2, a lower bound (b+3) above: a pattern database for
 *                   readers with a fallback bound for the small values
 *                   (cube3-fsud16-twist-2bit, docs/cube3.md). No walk.
 * Within a byte, state i uses the lowest bits first (state i of a 2-bit table
 * is bits 2*(i%4)..2*(i%4)+1 of byte i/4). */
#ifndef GODTAB_TABLE_H
#define GODTAB_TABLE_H

#include "bfs.h"
#include "gt_error.h"
#include "puzzle.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gt_encoding {
    GT_ENC_BYTE = 0,
    GT_ENC_NIBBLE = 1,
    GT_ENC_MOD3 = 2,
    GT_ENC_PARITY1 = 3,
    GT_ENC_TOP2 = 4,
} gt_encoding;

#define GT_TABLE_FORMAT_VERSION 1
#define GT_TABLE_FORMAT_MAPPED 2 /* the format_version of a mapped table (older readers refuse it) */
#define GT_NAME_MAX 64

/* How a table is stored (docs/table-format.md):
 *   GT_STORAGE_ZSTD    zstd chunks, decompressed into memory on loading;
 *   GT_STORAGE_MAPPED  the searched bytes themselves, one record each for the
 *                      data and its sections, read in place from the map
 *                      (no copy, shared between processes by the page
 *                      cache), each 64 KiB block checksummed on first use. */
typedef enum gt_storage {
    GT_STORAGE_ZSTD = 0,
    GT_STORAGE_MAPPED = 1,
} gt_storage;

#define GT_TABLE_SECTIONS_MAX 12
#define GT_SECTION_NAME_MAX 24
#define GT_BLOCK_SHIFT 16 /* 64 KiB: the unit a mapped table is checked in */
#define GT_BLOCK_BYTES (1u << GT_BLOCK_SHIFT)
/* How the store cuts a mapped table's data (docs/table-format.md): one
 * record up to GT_TABLE_SINGLE_MAX bytes, else parts of GT_TABLE_PART_BYTES. */
#define GT_TABLE_SINGLE_MAX (((uint64_t)2 << 30) - ((uint64_t)1 << 20))
#define GT_TABLE_PART_BYTES ((uint64_t)1 << 30)

/* The most of a table's data LMDB holds a copy of, in memory, while
 * gt_db_put_mapped_release stores it: the whole data stored as one record,
 * else one part (the builders' memory estimates). */
static inline uint64_t gt_table_put_in_flight(uint64_t raw_bytes)
{
    return raw_bytes <= GT_TABLE_SINGLE_MAX ? raw_bytes : GT_TABLE_PART_BYTES;
}

/* A section: an auxiliary array a mapped table's reader needs besides the
 * distances (symmetry classes, move tables), stored and mapped with it. */
typedef struct gt_section_meta {
    char name[GT_SECTION_NAME_MAX]; /* [a-z0-9_] */
    uint64_t bytes;
    uint64_t checksum;              /* gt_checksum64 of its bytes */
} gt_section_meta;

/* What a builder hands the store for one section. */
typedef struct gt_section_data {
    const char *name;
    const void *data;
    uint64_t bytes;
} gt_section_data;

/* Everything stored beside a table's data. */
typedef struct gt_table_meta {
    uint32_t format_version;
    char name[GT_NAME_MAX];   /* key in the database: "pocket-htm" */
    char puzzle[32];          /* "pocket" */
    char metric[16];          /* "htm" */
    uint64_t n_states;
    gt_encoding encoding;
    gt_distribution distribution; /* per-depth counts; max_depth is God's number */
    uint64_t checksum;        /* gt_checksum64 of the uncompressed encoded data */
    uint64_t raw_bytes;       /* uncompressed encoded size */
    uint64_t stored_bytes;    /* compressed size in the database (filled by the store) */
    uint32_t chunk_bytes;     /* uncompressed bytes per compressed chunk */
    char generator[32];       /* "godtab 0.1.0" */
    int threads;              /* threads used by the build */
    double build_seconds;     /* BFS + encoding wall time */
    char built_at[32];        /* UTC, ISO 8601 */
    gt_storage storage;       /* GT_STORAGE_MAPPED: chunk_bytes is the checked block (64 KiB) */
    int n_sections;           /* mapped tables only */
    gt_section_meta sections[GT_TABLE_SECTIONS_MAX];
    uint64_t sums_checksum;   /* mapped: gt_checksum64 of the block checksums record */
} gt_table_meta;

/* A byte array read in place, checked block by block on first use: the
 * data or a section of a mapped table. A view whose sums is NULL was
 * checked whole (a loaded copy, or a small section checked on mapping).
 * Data over 2 GiB is stored in parts (store_mapped.c); a reader that asks
 * for it (GT_MAP_IN_PARTS) reads it in place there: data is then NULL and
 * byte i lies in part i >> part_shift (gt_view_at). */
typedef struct gt_view {
    const uint8_t *data;
    uint64_t bytes;
    const uint64_t *sums; /* gt_checksum64 of each GT_BLOCK_BYTES block, or NULL */
    uint64_t *checked;    /* one bit a block, set once it matched (atomic) */
    int *damaged;         /* set to 1 when a block does not match */
    const uint8_t *const *parts; /* in parts: each 1 << part_shift bytes but the last; else NULL */
    unsigned part_shift;
} gt_view;

/* The address of the view's byte at offset `byte` (< bytes). */
static inline const uint8_t *gt_view_at(const gt_view *v, uint64_t byte)
{
    if (!v->parts)
        return v->data + byte;
    return v->parts[byte >> v->part_shift] + (byte & (((uint64_t)1 << v->part_shift) - 1));
}

/* Copies bytes [from, from + n) of the view to out (across parts). */
void gt_view_copy(const gt_view *v, uint64_t from, uint64_t n, uint8_t *out);

/* A table in memory: its metadata and its encoded data. A mapped table's
 * data points into the database map (read-only memory): it stays valid
 * until gt_table_free, which must come before gt_db_close. */
typedef struct gt_table {
    gt_table_meta meta;
    uint8_t *data;
    uint64_t data_bytes;
    gt_view view;                              /* data, as a view */
    gt_view sections[GT_TABLE_SECTIONS_MAX];   /* meta.sections[i]'s bytes */
    int damaged;                               /* a block failed its check */
    void (*release)(struct gt_table *t);       /* set by the store for a mapped table */
    void *mapping;                             /* the store's handle of the mapping */
} gt_table;

/* Advice: this process's resident pages of bytes [offset, offset + n) of
 * a table's data read in place from the database map are dropped, once the
 * caller holds its own copy of them (the page cache keeps them; a later
 * read maps them again). Data that is already a copy is left alone.
 * Defined by the store (store_mapped.c). */
void gt_table_forget_pages(const gt_table *t, uint64_t offset, uint64_t n);

/* Checks block `block` of a view against its checksum (under the store's
 * fault guard: a block past the end of a truncated file is damage too).
 * Return values: 1 (it matches; marked checked), 0 (damaged: *v->damaged set). */
int gt_view_check_block(const gt_view *v, uint64_t block);

/* Is the byte at offset `byte` of the view safe to use? 1, or 0 if its
 * block is damaged. The first call on a block checksums it (about 10 us);
 * later calls cost one bit test. Inline: the solvers' inner loops. */
static inline int gt_view_ok(const gt_view *v, uint64_t byte)
{
    if (!v->sums)
        return 1;
    uint64_t b = byte >> GT_BLOCK_SHIFT;
    if (__atomic_load_n(&v->checked[b >> 6], __ATOMIC_RELAXED) >> (b & 63) & 1)
        return 1;
    return gt_view_check_block(v, b);
}

/* Checks every unchecked block of a view. Return values: GT_OK, GT_ERR_CORRUPT. */
int gt_view_check_all(const gt_view *v);

/* Is name a valid section name (1 to 23 characters of [a-z0-9_])? 1 or 0. */
int gt_table_section_name_ok(const char *name);

/* The section of that name, or NULL. */
const gt_view *gt_table_section(const gt_table *t, const char *name);

/* Name of an encoding ("byte", "nibble", "mod3", "parity1") and back.
 * gt_encoding_parse's return values: GT_OK, GT_ERR_PARSE (no such name). */
GT_API const char *gt_encoding_name(gt_encoding enc);
int gt_encoding_parse(const char *name, gt_encoding *out);

/* Bytes needed to encode n states. */
uint64_t gt_encoding_bytes(gt_encoding enc, uint64_t n);

/* Encodes a distance array (one byte a state, GT_UNREACHED allowed) into a
 * newly malloc'd buffer of gt_encoding_bytes() bytes.
 * Parameters: threads, 0 (or less) for all cores; *out and *bytes receive
 * the buffer and its size.
 * Return values: GT_OK, GT_ERR_INVAL (unknown encoding), GT_ERR_NOMEM. */
int gt_table_encode(const uint8_t *dist, uint64_t n, gt_encoding enc, int threads, uint8_t **out,
                    uint64_t *bytes);

/* The raw stored value of state i (distance, residue, code or bit). */
static inline unsigned gt_table_raw(const gt_table *t, uint64_t i)
{
    /* data read in place in parts has no single array (gt_view_at) */
#define GT_TABLE_BYTE(b) (t->data ? t->data[b] : *gt_view_at(&t->view, b))
    switch (t->meta.encoding) {
    case GT_ENC_BYTE: return GT_TABLE_BYTE(i);
    case GT_ENC_NIBBLE: return (GT_TABLE_BYTE(i >> 1) >> ((i & 1) * 4)) & 15u;
    case GT_ENC_MOD3:
    case GT_ENC_TOP2: return (GT_TABLE_BYTE(i >> 2) >> ((i & 3) * 2)) & 3u;
    default: return (GT_TABLE_BYTE(i >> 3) >> (i & 7)) & 1u;
    }
#undef GT_TABLE_BYTE
}

/* GT_ENC_TOP2's b for a table of God's number max_depth: max_depth - 4
 * (at least 0), so codes 1, 2 are its two values below max_depth - 1, and 3
 * the top two. */
static inline int gt_table_top2_base(int max_depth)
{
    return max_depth > 4 ? max_depth - 4 : 0;
}

/* A distribution folded into GT_ENC_TOP2's four codes (what a recount of
 * such a table must find). */
void gt_table_top2_fold(const gt_distribution *d, uint64_t codes[4]);

/* The state's distance residue and the modulus it is taken in: BYTE and NIBBLE
 * give the distance itself (modulus 256 / 16), MOD3 d mod 3, PARITY1 d mod 4.
 * Returns the residue, or GT_NONE for an unreached state. Inline: the solver's
 * inner loop. */
static inline int gt_table_residue(const gt_table *t, const gt_puzzle *p, uint64_t i)
{
    unsigned v = gt_table_raw(t, i);
    switch (t->meta.encoding) {
    case GT_ENC_BYTE: return v == 255 ? GT_NONE : (int)v;
    case GT_ENC_NIBBLE: return v == 15 ? GT_NONE : (int)v;
    case GT_ENC_MOD3: return v == 3 ? GT_NONE : (int)v;
    case GT_ENC_TOP2: return GT_NONE; /* no residue (see gt_solve_walk) */
    default: return (int)(2 * v) + p->distance_parity(p, i);
    }
}
/* The modulus of the table's residues (256, 16, 3 or 4, as above); cannot fail. */
int gt_table_modulus(const gt_table *t);

/* Fills the metadata fields that describe the data (names, sizes, encoding,
 * distribution, checksum, format version, generator, built_at). */
GT_API void gt_table_meta_init(gt_table_meta *m, const char *name, const gt_puzzle *p, gt_encoding enc,
                        const gt_distribution *dist, const uint8_t *data, uint64_t bytes);

/* Serialises metadata as "key=value" lines (readable with mdb_dump) and back.
 * gt_table_meta_format's return values: GT_OK (*len set), GT_ERR_RANGE (cap
 * too small). gt_table_meta_parse's: GT_OK, GT_ERR_CORRUPT (anything
 * malformed, a required key missing, counts that do not add up),
 * GT_ERR_VERSION (a format_version other than GT_TABLE_FORMAT_VERSION). */
int gt_table_meta_format(const gt_table_meta *m, char *buf, size_t cap, size_t *len);
int gt_table_meta_parse(const char *buf, size_t len, gt_table_meta *m);

/* Checks a loaded table against a freshly computed BFS of its puzzle: data
 * byte for byte, metadata counts, and (if published != NULL) the published
 * counts.
 * Return values: GT_OK, GT_ERR_CORRUPT (data or metadata differ),
 * GT_ERR_MISMATCH (the BFS differs from the published counts), GT_ERR_NOMEM
 * (no memory to re-encode the BFS), GT_ERR_INVAL (an unknown encoding in the
 * metadata). */
GT_API int gt_table_verify(const gt_table *t, const gt_puzzle *p, const uint8_t *bfs_dist,
                    const gt_distribution *bfs, const gt_distribution *published);

/* As gt_table_verify, against gt_bfs_run_mod3's array (codes): a
 * GT_ENC_MOD3 table's data is that array's first bytes.
 * Return values: as gt_table_verify; GT_ERR_CORRUPT for a table of another
 * encoding. */
int gt_table_verify_mod3(const gt_table *t, const gt_puzzle *p, const uint8_t *codes, const gt_distribution *bfs,
                         const gt_distribution *published);

GT_API void gt_table_free(gt_table *t);

/* 64-bit checksum of a byte buffer (word-wise multiply-xorshift, documented in
 * docs/table-format.md). Not cryptographic: it detects corruption. */
uint64_t gt_checksum64(const uint8_t *data, uint64_t len);

#ifdef __cplusplus
}
#endif

#endif
