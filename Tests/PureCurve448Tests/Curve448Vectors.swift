// The vector file of this target: Vectors/curve448_vectors.json, written by
// scripts/crosscheck/curve448-vectors.py from Python `cryptography` (OpenSSL) and a pure-Python RFC 8032
// reference checked against it; RFC 8032 §7.4's and RFC 7748 §5.2/§6.2's vectors inside, re-derived there.

import TestSupport

struct Curve448Vectors: Decodable {
    struct RFC8032: Decodable { let name, secret, publicKey, message, context, signature: String }
    struct Key: Decodable { let secret, publicKey, pkcs8, spki: String }
    struct Signature: Decodable { let key: Int; let message, context, signature: String; let valid: Bool; let name: String? }
    struct InvalidKey: Decodable { let name, publicKey: String }
    struct X448Case: Decodable { let name, scalar, u, result: String }
    struct Iterated: Decodable { let iterations: Int; let result: String }
    struct ZeroResult: Decodable { let name, scalar, u: String }
    struct X448Key: Decodable { let `private`, `public`, pkcs8, spki: String }
    struct FieldPair: Decodable { let a, b, product, sum, difference: String }
    struct FieldValue: Decodable { let a, inverse, square: String }
    struct Reduction: Decodable { let wide, reduced: String }
    struct MultiplyAdd: Decodable { let k, s, r, result: String }

    let rfc8032: [RFC8032]
    let keys: [Key]
    let signatures: [Signature]
    let cofactor: [Signature]
    let invalidPublicKeys: [InvalidKey]
    let validEdgePublicKeys: [String]
    let x448: [X448Case]
    let x448Iterated: [Iterated]
    let x448ZeroResults: [ZeroResult]
    let x448Keys: [X448Key]
    let field: [FieldPair]
    let fieldInverses: [FieldValue]
    let scalarReductions: [Reduction]
    let scalarMultiplyAdd: [MultiplyAdd]

    static func load() throws -> Curve448Vectors { try VectorFiles.json(Curve448Vectors.self, "curve448_vectors.json") }
}
