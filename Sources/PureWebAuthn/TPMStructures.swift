// The two TPM 2.0 structures the tpm attestation format carries (TPM 2.0 Library, Part 2 "Structures"),
// read strictly: big-endian integers, every size checked against the bytes present, nothing left over.
//
//   TPMT_PUBLIC (pubArea, §12.2.4)                 TPMS_ATTEST (certInfo, §10.12.12)
//     type               UINT16  RSA 0x0001,        magic            UINT32  0xFF544347 (TPM_GENERATED_VALUE)
//                                ECC 0x0023         type             UINT16  0x8017 (TPM_ST_ATTEST_CERTIFY)
//     nameAlg            UINT16                     qualifiedSigner  TPM2B_NAME
//     objectAttributes   UINT32                     extraData        TPM2B_DATA   hash of authData ‖ clientDataHash
//     authPolicy         TPM2B                      clockInfo        UINT64 clock, UINT32 resetCount,
//     parameters         RSA: symmetric, scheme,                     UINT32 restartCount, BYTE safe
//                             keyBits UINT16,       firmwareVersion  UINT64
//                             exponent UINT32       attested         TPMS_CERTIFY_INFO:
//                        ECC: symmetric, scheme,                       name, qualifiedName (TPM2B_NAME)
//                             curveID UINT16, kdf
//     unique             RSA: TPM2B modulus
//                        ECC: TPM2B x, TPM2B y
//
// A TPM2B is a UINT16 size and that many bytes. The symmetric, scheme and kdf fields are an algorithm
// (UINT16), followed by details unless it is TPM_ALG_NULL (0x0010): a symmetric cipher's keyBits and mode,
// a scheme's or kdf's hash algorithm.

/// A big-endian reader over a TPM structure.
struct TPMReader {
    private let bytes: [UInt8]
    private var offset = 0
    private let structure: String

    init(_ bytes: [UInt8], structure: String) {
        self.bytes = bytes
        self.structure = structure
    }

    mutating func bytes(_ count: Int, _ field: String) throws(WebAuthnError) -> [UInt8] {
        guard bytes.count - offset >= count else {
            throw AttestationStatements.invalid("tpm: \(structure) ends inside \(field) (offset \(offset), \(count) bytes needed)")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func integer(_ size: Int, _ field: String) throws(WebAuthnError) -> UInt64 {
        try bytes(size, field).reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func uint16(_ field: String) throws(WebAuthnError) -> UInt16 { UInt16(try integer(2, field)) }
    mutating func uint32(_ field: String) throws(WebAuthnError) -> UInt32 { UInt32(try integer(4, field)) }

    /// A TPM2B: a UINT16 size, then that many bytes.
    mutating func sized(_ field: String) throws(WebAuthnError) -> [UInt8] {
        try bytes(Int(try uint16(field + "'s size")), field)
    }

    /// An algorithm, and its details unless it is TPM_ALG_NULL.
    mutating func algorithmWithDetails(_ field: String, detailBytes: Int) throws(WebAuthnError) {
        if try uint16(field) != TPMAlgorithm.null { _ = try bytes(detailBytes, field + "'s details") }
    }

    func finish() throws(WebAuthnError) {
        guard offset == bytes.count else {
            throw AttestationStatements.invalid("tpm: \(bytes.count - offset) bytes follow the end of \(structure)")
        }
    }
}

/// TPM_ALG_ID values (TPM 2.0 Part 2 §6.3) and TPM_ECC_CURVE values (§6.4) used here.
enum TPMAlgorithm {
    static let rsa: UInt16 = 0x0001, sha1: UInt16 = 0x0004, sha256: UInt16 = 0x000B, sha384: UInt16 = 0x000C
    static let sha512: UInt16 = 0x000D, null: UInt16 = 0x0010, ecc: UInt16 = 0x0023
    static let curveP256: UInt16 = 0x0003, curveP384: UInt16 = 0x0004, curveP521: UInt16 = 0x0005
}

/// TPMT_PUBLIC: the credential key as the TPM describes it.
struct TPMPublicArea {
    enum Key: Equatable {
        /// The modulus and the exponent (0 in the structure means 2^16 + 1).
        case rsa(modulus: [UInt8], exponent: UInt32)
        case ecc(curve: UInt16, x: [UInt8], y: [UInt8])
    }

    let nameAlgorithm: UInt16
    let key: Key
    /// The structure as sent: what its Name hashes.
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) throws(WebAuthnError) {
        self.bytes = bytes
        var reader = TPMReader(bytes, structure: "pubArea (TPMT_PUBLIC)")
        let type = try reader.uint16("type")
        nameAlgorithm = try reader.uint16("nameAlg")
        _ = try reader.uint32("objectAttributes")
        _ = try reader.sized("authPolicy")
        switch type {
        case TPMAlgorithm.rsa:
            try reader.algorithmWithDetails("symmetric", detailBytes: 4)
            try reader.algorithmWithDetails("scheme", detailBytes: 2)
            _ = try reader.uint16("keyBits")
            let exponent = try reader.uint32("exponent")
            key = .rsa(modulus: try reader.sized("unique (modulus)"), exponent: exponent == 0 ? 65537 : exponent)
        case TPMAlgorithm.ecc:
            try reader.algorithmWithDetails("symmetric", detailBytes: 4)
            try reader.algorithmWithDetails("scheme", detailBytes: 2)
            let curve = try reader.uint16("curveID")
            try reader.algorithmWithDetails("kdf", detailBytes: 2)
            key = .ecc(curve: curve, x: try reader.sized("unique (x)"), y: try reader.sized("unique (y)"))
        default:
            throw AttestationStatements.invalid("tpm: pubArea's type 0x\(String(type, radix: 16)) is neither RSA nor ECC")
        }
        try reader.finish()
    }
}

/// TPMS_ATTEST of type TPM_ST_ATTEST_CERTIFY: what the attestation key signed.
struct TPMCertifyInfo {
    static let generatedValue: UInt32 = 0xFF54_4347
    static let attestCertify: UInt16 = 0x8017

    let extraData: [UInt8]
    /// The certified object's Name: its nameAlg, then that hash of its public area.
    let attestedName: [UInt8]

    init(_ bytes: [UInt8]) throws(WebAuthnError) {
        var reader = TPMReader(bytes, structure: "certInfo (TPMS_ATTEST)")
        guard try reader.uint32("magic") == Self.generatedValue else {
            throw AttestationStatements.invalid("tpm: certInfo's magic is not TPM_GENERATED_VALUE (0xFF544347)")
        }
        guard try reader.uint16("type") == Self.attestCertify else {
            throw AttestationStatements.invalid("tpm: certInfo's type is not TPM_ST_ATTEST_CERTIFY (0x8017)")
        }
        _ = try reader.sized("qualifiedSigner")
        extraData = try reader.sized("extraData")
        _ = try reader.bytes(17, "clockInfo")
        _ = try reader.bytes(8, "firmwareVersion")
        attestedName = try reader.sized("attested.name")
        _ = try reader.sized("attested.qualifiedName")
        try reader.finish()
    }
}
