// OCSP (RFC 6960): the request for one certificate's status, and the checks of the answer. Stdlib only;
// sending is the caller's (AppStoreServer's online checks use the package's HTTP transport).
//
// Request (§4.1.1), DER:
//   OCSPRequest ::= SEQUENCE { tbsRequest SEQUENCE {
//       requestList SEQUENCE OF Request ::= SEQUENCE { reqCert CertID },
//       requestExtensions [2] EXPLICIT Extensions OPTIONAL } }         -- the nonce, §4.4.1
//   CertID ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier (SHA-256, NULL),
//       issuerNameHash OCTET STRING (of the issuer's Name DER), issuerKeyHash OCTET STRING (of the issuer's
//       subjectPublicKey BIT STRING value), serialNumber INTEGER }
//
// Response (§4.2.1):
//   OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT SEQUENCE {
//       responseType OID (id-pkix-ocsp-basic), response OCTET STRING (BasicOCSPResponse) } OPTIONAL }
//   BasicOCSPResponse ::= SEQUENCE { tbsResponseData ResponseData, signatureAlgorithm, signature BIT STRING,
//       certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }
//   ResponseData ::= SEQUENCE { version [0] EXPLICIT DEFAULT v1, responderID ([1] Name | [2] KeyHash),
//       producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse, responseExtensions [1] OPTIONAL }
//   SingleResponse ::= SEQUENCE { certID, certStatus (good [0] NULL | revoked [1] RevokedInfo |
//       unknown [2] NULL), thisUpdate GeneralizedTime, nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL, … }
//
// The checks (§3.2, §4.2.2.2): a successful status; the signature over tbsResponseData by the issuer's key,
// or by a responder certificate the issuer signed that carries id-kp-OCSPSigning and is valid at the time;
// the answer's CertID is the request's (SHA-256, or SHA-1 as some responders answer); a nonce, when echoed,
// is the request's; thisUpdate not after the time checked and nextUpdate not before it, within a leeway.
// What the status says (good, revoked, unknown) is the caller's to act on. Public data: variable time.

import PureASN1
import PureSHA2

/// A certificate's status as an OCSP responder stated it, after every check passed.
public struct OCSPStatus: Hashable, Sendable {
    /// What the responder says.
    public enum CertificateStatus: Hashable, Sendable {
        /// Not revoked.
        case good
        /// Revoked at a time (seconds since 1970), with the CRLReason code when given.
        case revoked(at: Int64, reason: Int?)
        /// The responder does not know the certificate.
        case unknown
    }

    /// The certificate's status.
    public let status: CertificateStatus
    /// When the status was known to be correct (seconds since 1970).
    public let thisUpdate: Int64
    /// When newer information will be available, if the responder says.
    public let nextUpdate: Int64?
}

/// Why an OCSP answer was refused (`X509Error.Reason.ocsp`).
public enum OCSPFailure: Hashable, Sendable {
    /// responseStatus other than successful (1 malformedRequest, 2 internalError, 3 tryLater, 5 sigRequired,
    /// 6 unauthorized).
    case unsuccessful(status: Int)
    /// Not an OCSP response as RFC 6960 defines it (what is wrong).
    case malformed(String)
    /// Not signed by the issuer or by a responder the issuer authorized (why).
    case signerInvalid(String)
    /// The answer is about another certificate.
    case certIDMismatch
    /// The answer echoes a nonce other than the request's.
    case nonceMismatch
    /// Not current at the time checked: thisUpdate after it, or nextUpdate before it (beyond the leeway).
    case notCurrent(thisUpdate: Int64, nextUpdate: Int64?, time: Int64)
}

/// Building OCSP requests and checking responses (RFC 6960).
public enum OCSP {
    /// id-pkix-ocsp-nonce, 1.3.6.1.5.5.7.48.1.2.
    public static let nonceOID = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 5, 5, 7, 48, 1, 2])
    static let basicResponseOID = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 5, 5, 7, 48, 1, 1])
    static let ocspSigningOID = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 5, 5, 7, 3, 9])
    static let extendedKeyUsageOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 37])
    static let sha256OID = ASN1ObjectIdentifier(arcs: [2, 16, 840, 1, 101, 3, 4, 2, 1])
    static let sha1OID = ASN1ObjectIdentifier(arcs: [1, 3, 14, 3, 2, 26])

    /// The DER OCSPRequest for `certificate`'s status from its `issuer`, with a SHA-256 CertID and, when
    /// given, `nonce` (16 to 32 random bytes, §4.4.1) in the request extensions.
    public static func request(for certificate: Certificate, issuer: Certificate, nonce: [UInt8]?) -> [UInt8] {
        var writer = DERWriter()
        writer.writeSequence { request in
            request.writeSequence { tbs in
                tbs.writeSequence { list in
                    list.writeSequence { single in single.writeEncoded(certID(certificate, issuer, sha256: true)) }
                }
                if let nonce {
                    tbs.writeConstructed(.contextSpecific(2, constructed: true)) { explicit in
                        explicit.writeSequence { extensions in
                            extensions.writeSequence { ext in
                                ext.writeObjectIdentifier(nonceOID)
                                var inner = DERWriter()
                                inner.writeOctetString(nonce)
                                ext.writeOctetString(inner.bytes)
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }

    /// The DER of a CertID for `certificate` with SHA-256 (or SHA-1) hashes of its issuer's name and key.
    static func certID(_ certificate: Certificate, _ issuer: Certificate, sha256: Bool) -> [UInt8] {
        let name = issuer.subject.derRepresentation, key = issuer.subjectPublicKeyInfo.subjectPublicKey
        var writer = DERWriter()
        writer.writeSequence { id in
            id.writeSequence { algorithm in
                algorithm.writeObjectIdentifier(sha256 ? sha256OID : sha1OID)
                algorithm.writeNull()
            }
            id.writeOctetString(sha256 ? SHA256.hash(data: name).bytes : Insecure.SHA1.hash(data: name).bytes)
            id.writeOctetString(sha256 ? SHA256.hash(data: key).bytes : Insecure.SHA1.hash(data: key).bytes)
            id.writeInteger(magnitude: certificate.serialNumber.isEmpty ? [0] : certificate.serialNumber)
        }
        return writer.bytes
    }

    /// Checks `response` (DER) as the answer to a request for `certificate` from `issuer` with `nonce`, at
    /// `time` (seconds since 1970) give or take `leeway` seconds, and returns the status it states. A
    /// response without nextUpdate is current for `leeway` seconds after its thisUpdate.
    public static func verify(_ response: [UInt8], for certificate: Certificate, issuer: Certificate, nonce: [UInt8]?,
                              at time: Int64, leeway: Int64 = 300) throws(X509Error) -> OCSPStatus {
        let basic = try BasicResponse(response)
        try checkSigner(basic, issuer: issuer, at: time)
        let expected = [certID(certificate, issuer, sha256: true), certID(certificate, issuer, sha256: false)]
        guard let single = basic.responses.first(where: { expected.contains(Array($0.certID)) }) else { throw X509Error(.ocsp(.certIDMismatch)) }
        if let echoed = basic.nonce, let nonce {
            guard echoed == nonce else { throw X509Error(.ocsp(.nonceMismatch)) }
        }
        // Arranged so that nothing overflows whatever `time` and `leeway` a caller passes: the parsed times
        // are years 0–9999, and the leeway is bounded here.
        let leeway = max(0, min(leeway, 1 << 32))
        let until = single.nextUpdate ?? (single.thisUpdate + leeway)
        guard single.thisUpdate - leeway <= time, time <= until + leeway else {
            throw X509Error(.ocsp(.notCurrent(thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate, time: time)))
        }
        return OCSPStatus(status: single.status, thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate)
    }

    /// The signature over tbsResponseData, by the issuer or a responder certificate it issued for OCSP
    /// signing (§4.2.2.2).
    private static func checkSigner(_ basic: BasicResponse, issuer: Certificate, at time: Int64) throws(X509Error) {
        let issuerKey: CertificatePublicKey
        do { issuerKey = try CertificatePublicKey(certificate: issuer) } catch { throw X509Error(.ocsp(.signerInvalid("the issuer's key: \(error)"))) }
        var signerKey: CertificatePublicKey
        if basic.responderMatches(issuer) {
            signerKey = issuerKey
        } else {
            guard let responder = basic.certificates.first(where: { basic.responderMatches($0) }) else {
                throw X509Error(.ocsp(.signerInvalid("the responder is neither the issuer nor a certificate the response carries")))
            }
            guard responder.issuer == issuer.subject, issuerKey.signed(responder) else {
                throw X509Error(.ocsp(.signerInvalid("the responder's certificate was not issued by the certificate's issuer")))
            }
            guard responder.notBefore <= time, time <= responder.notAfter else {
                throw X509Error(.ocsp(.signerInvalid("the responder's certificate is not valid at the time checked")))
            }
            guard let usage = responder.extension(extendedKeyUsageOID), (try? extendedKeyUsages(usage.value).contains(ocspSigningOID)) == true else {
                throw X509Error(.ocsp(.signerInvalid("the responder's certificate lacks id-kp-OCSPSigning (RFC 6960 §4.2.2.2)")))
            }
            do { signerKey = try CertificatePublicKey(certificate: responder) } catch { throw X509Error(.ocsp(.signerInvalid("the responder's key: \(error)"))) }
        }
        guard signerKey.isValidSignature(basic.signature, over: basic.tbsResponseData, algorithm: basic.signatureAlgorithm) else {
            throw X509Error(.ocsp(.signerInvalid("the signature over the response does not verify")))
        }
    }

    /// The KeyPurposeIds of an extendedKeyUsage extension's value.
    private static func extendedKeyUsages(_ value: [UInt8]) throws(ASN1Error) -> [ASN1ObjectIdentifier] {
        try DER.parse(value).sequence { (purposes) throws(ASN1Error) in
            var oids: [ASN1ObjectIdentifier] = []
            while !purposes.isEmpty { oids.append(try purposes.next("KeyPurposeId").objectIdentifier()) }
            return oids
        }
    }
}

/// The parts of a BasicOCSPResponse the checks read.
struct BasicResponse {
    struct Single {
        let certID: ArraySlice<UInt8>
        let status: OCSPStatus.CertificateStatus
        let thisUpdate: Int64
        let nextUpdate: Int64?
    }

    let tbsResponseData: ArraySlice<UInt8>
    let responderName: ArraySlice<UInt8>?
    let responderKeyHash: ArraySlice<UInt8>?
    let responses: [Single]
    let nonce: [UInt8]?
    let signatureAlgorithm: CertificateSignatureAlgorithm
    let signature: [UInt8]
    let certificates: [Certificate]

    init(_ der: [UInt8]) throws(X509Error) {
        var basicBytes: ArraySlice<UInt8> = []
        var status = 0
        do {
            try DER.parse(der).sequence { (response) throws(ASN1Error) in
                let statusNode = try response.next("responseStatus")
                guard statusNode.tag.tagClass == .universal, statusNode.tag.number == 10, !statusNode.tag.isConstructed,
                      statusNode.content.count == 1 else {
                    throw ASN1Error(.invalidValue("responseStatus is not a one-byte ENUMERATED"), at: statusNode.offset)
                }
                status = Int(statusNode.content.first ?? 0)
                if let bytes = try response.optional(.contextSpecific(0, constructed: true)) {
                    basicBytes = try bytes.explicit(0).sequence { (body) throws(ASN1Error) in
                        guard try body.next("responseType").objectIdentifier() == OCSP.basicResponseOID else {
                            throw ASN1Error(.invalidValue("responseType is not id-pkix-ocsp-basic"), at: body.offset)
                        }
                        return try body.next("response").octetString()
                    }
                }
            }
        } catch {
            throw X509Error(.ocsp(.malformed(error.description)))
        }
        guard status == 0 else { throw X509Error(.ocsp(.unsuccessful(status: status))) }
        guard !basicBytes.isEmpty else { throw X509Error(.ocsp(.malformed("a successful response without responseBytes"))) }

        var tbs: ArraySlice<UInt8> = [], name: ArraySlice<UInt8>?, keyHash: ArraySlice<UInt8>?
        var singles: [Single] = [], nonce: [UInt8]?
        var algorithm: AlgorithmIdentifier?
        var signature: ArraySlice<UInt8> = [], certificateDERs: [ArraySlice<UInt8>] = []
        do {
            try DER.parse(basicBytes).sequence { (basic) throws(ASN1Error) in
                let data = try basic.next("tbsResponseData")
                tbs = data.encoded
                try data.sequence { (fields) throws(ASN1Error) in
                    if let version = try fields.optional(.contextSpecific(0, constructed: true)) {
                        guard try version.explicit(0).smallInteger() == 0 else { throw ASN1Error(.invalidValue("ResponseData version other than v1"), at: version.offset) }
                    }
                    let responder = try fields.next("responderID")
                    if responder.tag == .contextSpecific(1, constructed: true) {
                        name = try responder.explicit(1).encoded
                    } else if responder.tag == .contextSpecific(2, constructed: true) {
                        keyHash = try responder.explicit(2).octetString()
                    } else {
                        throw ASN1Error(.invalidValue("responderID is neither byName [1] nor byKey [2]"), at: responder.offset)
                    }
                    _ = try fields.next("producedAt").time()
                    try fields.next("responses").sequence { (list) throws(ASN1Error) in
                        while !list.isEmpty {
                            guard singles.count < 64 else { throw ASN1Error(.invalidValue("more than 64 responses"), at: list.offset) }
                            singles.append(try Self.single(list.next("SingleResponse")))
                        }
                    }
                    if let extensions = try fields.optional(.contextSpecific(1, constructed: true)) {
                        try extensions.explicit(1).sequence { (list) throws(ASN1Error) in
                            while !list.isEmpty {
                                let ext = try CertificateExtension(node: list.next("Extension"))
                                if ext.oid == OCSP.nonceOID {
                                    // The value is an OCTET STRING holding the nonce (§4.4.1); some responders
                                    // put the bare bytes.
                                    nonce = (try? DER.parse(ext.value).octetString()).map(Array.init) ?? ext.value
                                }
                            }
                        }
                    }
                }
                algorithm = try AlgorithmIdentifier(node: basic.next("signatureAlgorithm"))
                let bits = try basic.next("signature").bitString()
                guard bits.unusedBits == 0 else { throw ASN1Error(.invalidValue("a signature with unused bits"), at: basic.offset) }
                signature = bits.bytes
                if let certs = try basic.optional(.contextSpecific(0, constructed: true)) {
                    try certs.explicit(0).sequence { (list) throws(ASN1Error) in
                        while !list.isEmpty {
                            guard certificateDERs.count < 8 else { throw ASN1Error(.invalidValue("more than 8 certificates"), at: list.offset) }
                            certificateDERs.append(try list.next("Certificate").encoded)
                        }
                    }
                }
            }
        } catch {
            throw X509Error(.ocsp(.malformed(error.description)))
        }
        guard let algorithm else { throw X509Error(.ocsp(.malformed("no signatureAlgorithm"))) }
        signatureAlgorithm = try CertificateSignatureAlgorithm(algorithm, at: 0)
        var certificates: [Certificate] = []
        for der in certificateDERs { certificates.append(try Certificate(derRepresentation: Array(der))) }
        tbsResponseData = tbs
        responderName = name
        responderKeyHash = keyHash
        responses = singles
        self.nonce = nonce
        self.signature = Array(signature)
        self.certificates = certificates
    }

    /// Whether the responderID names `certificate`: its subject, or the SHA-1 of its public key (§4.2.1).
    func responderMatches(_ certificate: Certificate) -> Bool {
        if let responderName { return Array(responderName) == certificate.subject.derRepresentation }
        if let responderKeyHash { return Array(responderKeyHash) == Insecure.SHA1.hash(data: certificate.subjectPublicKeyInfo.subjectPublicKey).bytes }
        return false
    }

    private static func single(_ node: DERNode) throws(ASN1Error) -> Single {
        try node.sequence { (fields) throws(ASN1Error) in
            let certID = try fields.next("certID")
            try certID.require(.sequence)
            let statusNode = try fields.next("certStatus")
            let status: OCSPStatus.CertificateStatus
            switch (statusNode.tag.tagClass, statusNode.tag.number, statusNode.tag.isConstructed) {
            case (.contextSpecific, 0, false):
                guard statusNode.content.isEmpty else { throw ASN1Error(.invalidValue("good is not NULL"), at: statusNode.offset) }
                status = .good
            case (.contextSpecific, 1, true):
                status = try statusNode.constructed(.contextSpecific(1, constructed: true)) { (revoked) throws(ASN1Error) in
                    let at = try revoked.next("revocationTime").time()
                    var reason: Int?
                    if let tagged = try revoked.optional(.contextSpecific(0, constructed: true)) {
                        let code = try tagged.explicit(0)
                        guard code.tag.number == 10, code.content.count == 1 else { throw ASN1Error(.invalidValue("CRLReason is not ENUMERATED"), at: code.offset) }
                        reason = Int(code.content.first ?? 0)
                    }
                    return .revoked(at: at, reason: reason)
                }
            case (.contextSpecific, 2, false):
                guard statusNode.content.isEmpty else { throw ASN1Error(.invalidValue("unknown is not NULL"), at: statusNode.offset) }
                status = .unknown
            default:
                throw ASN1Error(.invalidValue("certStatus is not good [0], revoked [1] or unknown [2]"), at: statusNode.offset)
            }
            let thisUpdate = try fields.next("thisUpdate").time()
            var nextUpdate: Int64?
            if let tagged = try fields.optional(.contextSpecific(0, constructed: true)) { nextUpdate = try tagged.explicit(0).time() }
            _ = try fields.optional(.contextSpecific(1, constructed: true))   // singleExtensions: none is needed
            return Single(certID: certID.encoded, status: status, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
        }
    }
}
