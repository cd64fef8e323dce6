/* file_id.c - a file's size and content hash, for the input identity in JSON results. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hamm/io.h"
#include "xxh64.h"

enum { CHUNK = 1 << 18 }; /* large reads: the hash runs at several GB/s */

/* Hash the open stream to its end; the size is what was read, so size and hash agree
 * even if the file changed since it was stat'ed. */
static hamm_status hash_stream(FILE *f, const char *path, hamm_file_id *id, hamm_error *err)
{
    unsigned char *buf = malloc(CHUNK);
    if (!buf)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    xxh64_state s;
    xxh64_init(&s);
    size_t got;
    while ((got = fread(buf, 1, CHUNK, f)) > 0)
        xxh64_update(&s, buf, got);
    free(buf);
    if (ferror(f))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "read failed: %s",
                             strerror(errno));
    id->known = 1;
    id->size_bytes = s.total;
    id->xxh64 = xxh64_digest(&s);
    return HAMM_OK;
}

hamm_status hamm_file_identify(const char *path, hamm_file_id *id, hamm_error *err)
{
    memset(id, 0, sizeof *id);
    struct stat st;
    /* stat before opening: opening a pipe a second time would wait for a writer */
    if (strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
        return HAMM_OK;
    FILE *f = fopen(path, "rb");
    if (!f)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot open: %s",
                             strerror(errno));
    hamm_status rc = hash_stream(f, path, id, err);
    fclose(f);
    return rc;
}
