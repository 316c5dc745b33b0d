// The password-based encryption schemes a PKCS#12 file (and an encrypted PKCS#8 key) may use, read from
// their AlgorithmIdentifier and applied to decrypt:
//
//   PBES2 (RFC 8018 §6.2, 1.2.840.113549.1.5.13): PBKDF2 with HMAC-SHA-1/256/384/512, then AES-128/192/256
//     in CBC mode with PKCS#7 padding; the password's UTF-8 bytes. What OpenSSL 3 and Python's
//     cryptography write by default.
//   pbeWithSHAAnd3-KeyTripleDES-CBC (RFC 7292 Appendix C, 1.2.840.113549.1.12.1.3): key and IV from the
//     PKCS#12 key derivation with SHA-1 over the password's BMPString; Triple DES in CBC mode. What
//     macOS Keychain Access and `openssl pkcs12 -legacy` write.
//
// RC2 and RC4 (the other PKCS#12 schemes) and PBES1 with DES or MD5 are refused by name. Iteration counts
// are bounded (a hostile file must not make the reader spin for hours).

import PureAES
import PureASN1
import PureSHA2

enum PasswordBasedEncryption {
    static let pbes2 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 5, 13])
    static let pbkdf2 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 5, 12])
    static let pbeWithSHAAnd3KeyTripleDES = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 3])
    static let hmacWithSHA1 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 2, 7])
    static let hmacWithSHA256 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 2, 9])
    static let hmacWithSHA384 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 2, 10])
    static let hmacWithSHA512 = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 2, 11])
    static let aesCBC: [ASN1ObjectIdentifier: Int] = [
        ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 1, 2]): 16,
        ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 1, 22]): 24,
        ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 1, 42]): 32,
    ]
    static let legacyNames: [ASN1ObjectIdentifier: String] = [
        ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 1]): "pbeWithSHAAnd128BitRC4",
        ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 2]): "pbeWithSHAAnd40BitRC4",
        ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 4]): "pbeWithSHAAnd2-KeyTripleDES-CBC",
        ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 5]): "pbeWithSHAAnd128BitRC2-CBC",
        ASN1ObjectIdentifier(arcs: [1, 2, 840, 113_549, 1, 12, 1, 6]): "pbeWithSHAAnd40BitRC2-CBC",
    ]

    /// The most iterations accepted (OpenSSL writes 2,048; careful tools 600,000 or so).
    static let maximumIterations = 10_000_000

    /// `ciphertext` decrypted under `password` by the scheme `algorithm` (an AlgorithmIdentifier node),
    /// the padding removed. A wrong password shows as bad padding or, later, as bytes that do not parse.
    static func decrypt(_ ciphertext: [UInt8], algorithm: DERNode, password: String) throws(PKCS12Error) -> [UInt8] {
        let oid: ASN1ObjectIdentifier
        let parameters: DERNode?
        do {
            (oid, parameters) = try algorithm.sequence { (sequence) throws(ASN1Error) in
                let oid = try sequence.next("algorithm").objectIdentifier()
                let parameters = sequence.isEmpty ? nil : try sequence.next("parameters")
                guard sequence.isEmpty else { throw ASN1Error(.invalidValue("more after the parameters"), at: sequence.offset) }
                return (oid, parameters)
            }
        } catch {
            throw PKCS12Error(.malformed("an encryption AlgorithmIdentifier: \(error)"))
        }
        switch oid {
        case pbes2:
            guard let parameters else { throw PKCS12Error(.malformed("PBES2 without parameters")) }
            return try decryptPBES2(ciphertext, parameters: parameters, password: password)
        case pbeWithSHAAnd3KeyTripleDES:
            guard let parameters else { throw PKCS12Error(.malformed("pbeWithSHAAnd3-KeyTripleDES-CBC without parameters")) }
            let (salt, iterations) = try saltAndIterations(parameters)
            let bmp = PKCS12KeyDerivation.bmpString(password)
            let key = PKCS12KeyDerivation.derive(Insecure.SHA1.self, purpose: .encryptionKey, password: bmp, salt: salt, iterations: iterations, count: 24)
            let iv = PKCS12KeyDerivation.derive(Insecure.SHA1.self, purpose: .initializationVector, password: bmp, salt: salt, iterations: iterations, count: 8)
            guard let padded = TripleDES.decryptCBC(ciphertext, key: key, iv: iv) else {
                throw PKCS12Error(.malformed("Triple-DES ciphertext of \(ciphertext.count) bytes, not a multiple of 8"))
            }
            return try unpad(padded, blockSize: 8)
        default:
            if let name = legacyNames[oid] {
                throw PKCS12Error(.unsupportedAlgorithm("\(name): export again with AES (openssl pkcs12 -export without -legacy) or Triple DES (-keypbe PBE-SHA1-3DES -certpbe PBE-SHA1-3DES)"))
            }
            throw PKCS12Error(.unsupportedAlgorithm("encryption \(oid.nameAndDottedForm) (PBES2 with AES, or pbeWithSHAAnd3-KeyTripleDES-CBC, are read)"))
        }
    }

    /// PBES2-params { keyDerivationFunc PBKDF2, encryptionScheme aes*-CBC IV }.
    private static func decryptPBES2(_ ciphertext: [UInt8], parameters: DERNode, password: String) throws(PKCS12Error) -> [UInt8] {
        var salt: [UInt8] = [], iterations = 0, keyLength: Int?, prf = hmacWithSHA1
        var cipherKeyLength = 0, iv: [UInt8] = []
        do {
            try parameters.sequence { (pbes2) throws(ASN1Error) in
                try pbes2.next("keyDerivationFunc").sequence { (kdf) throws(ASN1Error) in
                    guard try kdf.next("algorithm").objectIdentifier() == pbkdf2 else {
                        throw ASN1Error(.invalidValue("a key derivation other than PBKDF2"), at: kdf.offset)
                    }
                    try kdf.next("PBKDF2-params").sequence { (params) throws(ASN1Error) in
                        salt = Array(try params.next("salt").octetString())
                        iterations = try params.next("iterationCount").smallInteger()
                        if let length = try params.optional(.integer) { keyLength = try length.smallInteger() }
                        if !params.isEmpty {
                            try params.next("prf").sequence { (algorithm) throws(ASN1Error) in
                                prf = try algorithm.next("algorithm").objectIdentifier()
                                if !algorithm.isEmpty { _ = try algorithm.next("parameters") }
                            }
                        }
                    }
                }
                try pbes2.next("encryptionScheme").sequence { (scheme) throws(ASN1Error) in
                    let oid = try scheme.next("algorithm").objectIdentifier()
                    guard let length = aesCBC[oid] else {
                        throw ASN1Error(.invalidValue("the encryption scheme \(oid.nameAndDottedForm), not AES-CBC"), at: scheme.offset)
                    }
                    cipherKeyLength = length
                    iv = Array(try scheme.next("IV").octetString())
                }
            }
        } catch {
            throw PKCS12Error(.unsupportedAlgorithm("PBES2 parameters: \(error)"))
        }
        guard (1...maximumIterations).contains(iterations) else { throw PKCS12Error(.iterationCount(iterations)) }
        guard keyLength == nil || keyLength == cipherKeyLength, iv.count == 16 else {
            throw PKCS12Error(.malformed("PBES2 key length \(keyLength ?? 0) or IV length \(iv.count) does not fit AES-CBC"))
        }
        let passwordBytes = Array(password.utf8)
        guard [hmacWithSHA1, hmacWithSHA256, hmacWithSHA384, hmacWithSHA512].contains(prf) else {
            throw PKCS12Error(.unsupportedAlgorithm("PBKDF2 with \(prf.nameAndDottedForm) (HMAC-SHA-1/256/384/512 are read)"))
        }
        let key: SymmetricKey
        do throws(KeyDerivationError) {
            switch prf {
            case hmacWithSHA256: key = try PBKDF2<SHA256>.deriveKey(fromPassword: passwordBytes, salt: salt, rounds: iterations, outputByteCount: cipherKeyLength)
            case hmacWithSHA384: key = try PBKDF2<SHA384>.deriveKey(fromPassword: passwordBytes, salt: salt, rounds: iterations, outputByteCount: cipherKeyLength)
            case hmacWithSHA512: key = try PBKDF2<SHA512>.deriveKey(fromPassword: passwordBytes, salt: salt, rounds: iterations, outputByteCount: cipherKeyLength)
            default: key = try PBKDF2<Insecure.SHA1>.deriveKey(fromPassword: passwordBytes, salt: salt, rounds: iterations, outputByteCount: cipherKeyLength)
            }
        } catch {
            throw PKCS12Error(.malformed("PBKDF2: \(error)"))
        }
        let padded: [UInt8]
        let keyBytes = key.withUnsafeBytes { Array($0) }
        do throws(AESError) { padded = try AESCBC.decrypt(ciphertext, key: keyBytes, iv: iv) } catch {
            throw PKCS12Error(.malformed("AES-CBC ciphertext of \(ciphertext.count) bytes, not a multiple of 16"))
        }
        return try unpad(padded, blockSize: 16)
    }

    /// pkcs-12PbeParams { salt OCTET STRING, iterations INTEGER }, the iterations bounded.
    static func saltAndIterations(_ parameters: DERNode) throws(PKCS12Error) -> ([UInt8], Int) {
        let (salt, iterations): ([UInt8], Int)
        do {
            (salt, iterations) = try parameters.sequence { (params) throws(ASN1Error) in
                (Array(try params.next("salt").octetString()), try params.next("iterations").smallInteger())
            }
        } catch {
            throw PKCS12Error(.malformed("the salt and iteration count: \(error)"))
        }
        guard (1...maximumIterations).contains(iterations) else { throw PKCS12Error(.iterationCount(iterations)) }
        return (salt, iterations)
    }

    /// PKCS#7 padding removed; bad padding is what a wrong password usually gives.
    private static func unpad(_ padded: [UInt8], blockSize: Int) throws(PKCS12Error) -> [UInt8] {
        let pad = Int(padded.last ?? 0)
        guard pad >= 1, pad <= blockSize, pad <= padded.count, padded.suffix(pad).allSatisfy({ $0 == UInt8(pad) }) else {
            throw PKCS12Error(.wrongPassword)
        }
        return Array(padded.dropLast(pad))
    }
}
