// The PKCS#12 key derivation (RFC 7292 Appendix B.2): what a PFX file's MAC key, and the keys and IVs of
// its older password-based encryption (pbeWithSHAAnd3-KeyTripleDES-CBC), come from.
//
//   u, v   the hash's output and block sizes (20, 64 for SHA-1)
//   D      v copies of the purpose ID: 1 key, 2 IV, 3 MAC key
//   S, P   the salt and the password (BMPString: UTF-16BE with two zero bytes at the end), each repeated to
//          a multiple of v bytes; I = S ‖ P
//   A_i    = H^r(D ‖ I), then every v-byte block I_j of I becomes I_j + B + 1 mod 2^(8v), B being A_i
//          repeated to v bytes; the output is the first n bytes of A_1 ‖ A_2 ‖ …
//
// Constant-time in the password and salt: the additions run over every byte with carries, no branch.

import PureSHA2

/// The purpose a PKCS#12 key derivation is for (RFC 7292 B.3).
enum PKCS12KeyPurpose: UInt8 {
    case encryptionKey = 1
    case initializationVector = 2
    case macKey = 3
}

enum PKCS12KeyDerivation {
    /// `count` bytes for `purpose` from `password` (its BMPString bytes) and `salt` over `iterations`.
    static func derive<H: HashFunction>(_: H.Type, purpose: PKCS12KeyPurpose, password: [UInt8], salt: [UInt8],
                                        iterations: Int, count: Int) -> [UInt8] {
        let u = H.Digest.byteCount, v = H.blockByteCount
        let d = [UInt8](repeating: purpose.rawValue, count: v)
        func repeated(_ bytes: [UInt8]) -> [UInt8] {
            guard !bytes.isEmpty else { return [] }
            let length = v * ((bytes.count + v - 1) / v)
            return (0..<length).map { bytes[$0 % bytes.count] }
        }
        var i = repeated(salt) + repeated(password)
        var output: [UInt8] = []
        output.reserveCapacity(count + u)
        while true {
            var hasher = H()
            hasher.update(data: d)
            hasher.update(data: i)
            var a = Array(hasher.finalize())
            for _ in 1..<max(iterations, 1) { a = Array(H.hash(data: a)) }
            output += a
            if output.count >= count { break }
            let b = (0..<v).map { a[$0 % u] }
            // I_j = I_j + B + 1 (mod 2^(8v)), each block big-endian.
            for block in stride(from: 0, to: i.count, by: v) {
                var carry: UInt16 = 1
                for index in stride(from: v - 1, through: 0, by: -1) {
                    let sum = UInt16(i[block + index]) + UInt16(b[index]) + carry
                    i[block + index] = UInt8(truncatingIfNeeded: sum)
                    carry = sum >> 8
                }
            }
        }
        return Array(output.prefix(count))
    }

    /// The BMPString bytes of `password` (UTF-16 big-endian, then two zero bytes), as RFC 7292 B.1 says.
    static func bmpString(_ password: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for unit in password.utf16 { bytes += [UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit)] }
        return bytes + [0, 0]
    }
}
