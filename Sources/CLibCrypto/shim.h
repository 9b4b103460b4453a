// OpenSSL's libcrypto (Debian: libssl-dev), for the SHA-256 of dataset files on Linux.
#include <openssl/evp.h>
