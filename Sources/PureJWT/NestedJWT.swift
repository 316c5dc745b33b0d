// Nested JWTs (RFC 7519 §5.2, §7.2 steps 7–8): a JWS signed by its issuer, then encrypted to the recipient
// — the order OpenID Connect uses for encrypted ID tokens and request objects. One call decrypts with the
// recipient's keys and verifies with the issuer's, which are given separately: a decryption key never
// verifies and a signing key never decrypts.

extension JWEDecrypter {
    /// Decrypts `token`, whose header must say "cty": "JWT", and verifies the JWS inside with `verifier`
    /// and `validation`: the inner token's verified claims.
    ///
    /// - Throws: `JWTError`: decryption's errors, `.malformed(part: "header", …)` when "cty" is not "JWT",
    ///   then verification's.
    public func decryptAndVerify<Claims: Decodable>(_ token: String, verifier: JWTVerifier, as type: Claims.Type,
                                                    validation: JWTValidation) throws(JWTError) -> VerifiedJWT<Claims> {
        let decrypted = try decrypt(token)
        guard decrypted.header.contentType?.uppercased() == "JWT" else {
            throw JWTError(.malformed(part: "header", detail: "a nested JWT's header must say \"cty\": \"JWT\" (RFC 7519 §5.2); this one says \(decrypted.header.contentType.map { "\"\($0)\"" } ?? "nothing")"))
        }
        return try verifier.verifiedJWT(String(decoding: decrypted.plaintext, as: UTF8.self), as: type, validation: validation)
    }
}

extension JWEEncrypter {
    /// Encrypts a signed token (a compact JWS) as a nested JWT: "cty": "JWT" set for the recipient.
    public func encrypt(nestedJWT jws: String) throws(JWTError) -> String {
        var nested = self
        nested.contentType = "JWT"
        return try nested.encrypt(Array(jws.utf8))
    }
}
