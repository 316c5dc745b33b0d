// Built-in sample data for `appleauth demo`: public test material only (no secrets).

/// RFC 7515 Appendix A.1: a JWS signed with HMAC SHA-256, and the key it was signed with.
enum SampleData {
    static let compactJWS = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    /// The JWK's "k" member (RFC 7515 A.1.1).
    static let keyBase64URL = "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
}

/// A real Apple identity token (from nov/apple_id's test fixtures, 2019) and Apple's public key for its kid
/// AIDOPK1, as published in Apple's JWKS at the time.
enum AppleSample {
    static let kid = "AIDOPK1"
    /// The token's audience (the client ID it was issued for) and issue time.
    static let clientID = "jp.yauth.signin.service2"
    static let issuedAt: Double = 1_559_709_290
    static let modulusBase64URL = ""
        + "lxrwmuYSAsTfn-lUu4goZSXBD9ackM9OJuwUVQHmbZo6GW4Fu_auUdN5zI7Y1dEDfgt7m7QXWbHuMD01HLnD4eRtY-RNwCWdjNfE"
        + "aY_esUPY3OVMrNDI15Ns13xspWS3q-13kdGv9jHI28P87RvMpjz_JCpQ5IM44oSyRnYtVJO-320SB8E2Bw92pmrenbp67KRUzTEV"
        + "fGU4-obP5RZ09OxvCr1io4KJvEOjDJuuoClF66AT72WymtoMdwzUmhINjR0XSqK6H0MdWsjw7ysyd_JhmqX5CAaT9Pgi0J8lU_pc"
        + "l215oANqjy7Ob-VMhug9eGyxAWVfu_1u6QJKePlE-w"
    static let exponentBase64URL = "AQAB"
    static let identityToken = ""
        + "eyJraWQiOiJBSURPUEsxIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJodHRwczovL2FwcGxlaWQuYXBwbGUuY29tIiwiYXVkIjoia"
        + "nAueWF1dGguc2lnbmluLnNlcnZpY2UyIiwiZXhwIjoxNTU5NzA5ODkwLCJpYXQiOjE1NTk3MDkyOTAsInN1YiI6IjAwMDcyMy4yN"
        + "WRhOGJlMzMyOTY0OTkxODk4NjMwOTQ3MjAyZmVmMC4wNDAyIiwiYXRfaGFzaCI6InpqUmlUN2QzVHFRNVM3cEZkbzZxWGcifQ.jD"
        + "V-AVFM-Yx_lxc-hsJNF2mgD2PoRlQ8SJjharKom87pIKR1frQfaY_apO-AxyDrhvB3qOdfhZql08EHBHNWATlX3l6sAKL-bUPH6b"
        + "zHxIZTWHZ9IOimPyvTOJNFyJWLsm6lGcqemKB1UQG2MQ06lI9qc6C6T8_obv2HPJ-Sm8OBE9z-CDyKGcFZ-R8b2Ut6TibmRyQ-km"
        + "B7na6ay9kGXm56I_TeA2QCMJGKH_X8C2M7kBPsO_WrYuogA3tnWLT8wi0TPD5zKnnBH0bXLgjeyE2lYRgboQttX6WqTdR0dN-mLi"
        + "8ShTPEGUCkC7_jFJH9XpC7LfCeKl9tD3qzC_Dx1Q"
}

/// A sample Sign in with Apple key in Apple's .p8 form (PKCS#8 P-256, body on one line): the public test key
/// of aspnet-contrib/AspNet.Security.OAuth.Providers (test/…/Apple/test.p8). It signs nothing real.
enum SampleAppleKey {
    static let p8 = """
        -----BEGIN PRIVATE KEY-----
        MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgU208KCg/doqiSzsVF5sknVtYSgt8/3oiYGbvryIRrzSgCgYIKoZIzj0DAQehRANCAAQfrvDWizEnWAzB2Hx2r/NyvIBO6KGBDL7wkZoKnz4Sm4+1P1dhD9fVEhbsdoq9RKEf8dvzTOZMaC/iLqZFKSN6
        -----END PRIVATE KEY-----
        """
    static let keyID = "ABC123DEFG"
    static let teamID = "DEF123GHIJ"
    static let clientID = "com.example.service"
    /// Fixed times, so that the demo's output is the same on every run (RFC 6979 makes the signature
    /// deterministic too): 2026-01-01T00:00:00Z and 180 days later (Apple's maximum is six months).
    static let issuedAt: Double = 1_767_225_600
    static let lifetime: Double = 180 * 86_400
}
