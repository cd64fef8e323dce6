/* cmd_import.c - `hamm import-gpgpusim CONFIG -o DIR [--name NAME]`: a GPGPU-Sim
 * configuration file made into hamm's GPU, DRAM and system models under DIR, each file
 * written whole or not at all; the options hamm ignores listed on stderr. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "hamm/import.h"

#define CMD "import-gpgpusim"
#define MAX_CONFIG (16u << 20) /* far beyond any gpgpusim.config */

void cmd_import_help(FILE *out)
{
    fprintf(out,
            "usage: hamm import-gpgpusim CONFIG -o DIR [--name NAME]\n\n"
            "Turn the GPGPU-Sim configuration CONFIG (a gpgpusim.config) into three hamm\n"
            "model files: DIR/gpu/NAME.json (cores, caches, clocks, crossbar),\n"
            "DIR/dram/NAME.json (organization and timings of -gpgpu_dram_timing_opt) and\n"
            "DIR/system/NAME.json (channels, controller, address map), which names the other\n"
            "two; run it with 'hamm simulate -m DIR/system/NAME.json --workload W'.\n"
            "Every option hamm does not honour is listed in the GPU model's notes\n"
            "(\"ignored\") and, once the models are written, on standard error; docs/GPU.md\n"
            "has the mapping.\n\n"
            "options:\n"
            "  -o, --output DIR         where the models go (made if missing)\n"
            "      --name NAME          the models' name (default: CONFIG's name without\n"
            "                           its extension, or its directory's for gpgpusim.*)\n"
            "  -h, --help               this help\n");
}

/* The whole file, NUL-terminated; NULL after printing why. */
static char *read_config(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "hamm: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(MAX_CONFIG + 1);
    size_t n = buf ? fread(buf, 1, MAX_CONFIG + 1, fp) : 0;
    int bad = !buf || ferror(fp) || n > MAX_CONFIG;
    int saved = errno;
    fclose(fp);
    if (bad) {
        fprintf(stderr, "hamm: %s: %s\n", path,
                !buf ? "out of memory" : n > MAX_CONFIG ? "larger than 16 MB, not a configuration"
                                                        : strerror(saved));
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* CONFIG's base name without its extension; the directory's name for gpgpusim.*. */
static void default_name(const char *path, char *out, size_t size)
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", path);
    char *base = strrchr(copy, '/');
    char *dot;
    if (base)
        *base++ = '\0';
    else
        base = copy;
    if (strncmp(base, "gpgpusim.", 9) == 0 && base != copy) {
        char *dir = strrchr(copy, '/');
        base = dir ? dir + 1 : copy;
    } else if ((dot = strrchr(base, '.')) && dot != base) {
        *dot = '\0';
    }
    if (!base[0] || strlen(base) >= size || !strcmp(base, ".") || !strcmp(base, ".."))
        base = "imported";
    memcpy(out, base, strlen(base) + 1);
}

static int valid_name(const char *name)
{
    if (!name[0] || name[0] == '.' || strlen(name) > 100)
        return 0;
    for (const char *p = name; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *p))
            return 0;
    return 1;
}

static int make_dir(const char *dir)
{
    struct stat sb;
    if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode)))
        return CLI_OK;
    fprintf(stderr, "hamm: %s: cannot make the directory: %s\n", dir,
            errno == EEXIST ? "a file has that name" : strerror(errno));
    return CLI_FAIL;
}

/* DIR/SUB/NAME.json, written whole. */
static int write_part(const hamm_gpu_import *im, hamm_gpu_import_part part, const char *dir,
                      const char *sub, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    if (make_dir(path) != CLI_OK)
        return CLI_FAIL;
    snprintf(path, sizeof path, "%s/%s/%s.json", dir, sub, name);
    char *text = hamm_gpu_import_json(im, part);
    if (!text) {
        fprintf(stderr, "hamm: %s: out of memory\n", path);
        return CLI_FAIL;
    }
    cli_outfile out;
    int rc = cli_outfile_open(&out, path, 0);
    if (rc == CLI_OK) {
        cli_fputs(text, out.fp);
        cli_fputs("\n", out.fp);
        rc = cli_outfile_commit(&out);
    }
    free(text);
    if (rc == CLI_OK)
        printf("wrote %s\n", path);
    return rc;
}

/* Before any work: none of DIR/{dram,gpu,system}/NAME.json is CONFIG. */
static int check_paths(const char *config, const char *dir, const char *name)
{
    static const char *const subs[] = {"dram", "gpu", "system"};
    char out[3][4096];
    cli_path paths[4] = {{config, "the configuration", 0}};
    for (size_t i = 0; i < 3; i++) {
        snprintf(out[i], sizeof out[i], "%s/%s/%s.json", dir, subs[i], name);
        paths[1 + i] = (cli_path){out[i], "a model written into -o", 1};
    }
    return cli_check_paths(CMD, paths, 4, NULL);
}

static int parse_args(int argc, char **argv, const char **config, const char **dir,
                      const char **name)
{
    enum { OPT_NAME = 256 };
    static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                             {"name", required_argument, NULL, OPT_NAME},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': *dir = optarg; break;
        case OPT_NAME: *name = optarg; break;
        case 'h': cmd_import_help(stdout); return -1;
        default: return CLI_USAGE;
        }
    }
    if (optind != argc - 1)
        return cli_usage(CMD, "expected one configuration file");
    *config = argv[optind];
    if (!*dir)
        return cli_usage(CMD, "-o DIR is required");
    if (*name && !valid_name(*name))
        return cli_usage(CMD, "--name takes letters, digits, '.', '_' and '-' (not first "
                              "'.'), not '%s'",
                         *name);
    return CLI_OK;
}

int cmd_import(int argc, char **argv)
{
    const char *config = NULL, *dir = NULL, *given = NULL;
    int rc = parse_args(argc, argv, &config, &dir, &given);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    char name[128];
    default_name(config, name, sizeof name);
    if (given)
        snprintf(name, sizeof name, "%s", given);
    else if (!valid_name(name))
        snprintf(name, sizeof name, "imported");
    if ((rc = check_paths(config, dir, name)) != CLI_OK)
        return rc;
    size_t len;
    char *text = read_config(config, &len);
    if (!text)
        return CLI_FAIL;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_gpu_import *im;
    hamm_status st = hamm_gpu_import_gpgpusim(&im, text, len, config, name, &err);
    free(text);
    if (st != HAMM_OK)
        return cli_report(&err);
    rc = make_dir(dir);
    if (rc == CLI_OK)
        rc = write_part(im, HAMM_IMPORT_DRAM, dir, "dram", name);
    if (rc == CLI_OK)
        rc = write_part(im, HAMM_IMPORT_GPU, dir, "gpu", name);
    if (rc == CLI_OK)
        rc = write_part(im, HAMM_IMPORT_SYSTEM, dir, "system", name);
    /* only once the models are written: on a failure its reason is all that is said */
    for (size_t i = 0; rc == CLI_OK && i < hamm_gpu_import_ignored_count(im); i++)
        fprintf(stderr, "hamm " CMD ": ignored %s\n", hamm_gpu_import_ignored(im, i));
    hamm_gpu_import_free(im);
    return rc;
}
