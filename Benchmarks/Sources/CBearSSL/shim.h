// BearSSL (Debian's libbearssl-dev), the yardstick for portable constant-time AES: the benchmarks call its
// aes_ct64 CTR and ghash_ctmul64 through br_gcm. Nothing of it reaches the library.
#include <bearssl/bearssl.h>
