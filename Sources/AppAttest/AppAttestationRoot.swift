// Apple App Attestation Root CA: the root every App Attest attestation chains to (Apple's "Validating apps
// that connect to your server", step 1; published at https://www.apple.com/certificateauthority/).
// SHA-256 fingerprint 1c:b9:82:3b:a2:8b:a6:ad:2d:33:a0:06:94:1d:e2:ae:4f:51:3e:f1:d4:e8:31:b9:f7:e0:fa:7b:62:42:c9:32;
// a P-384 key, valid 2020-03-18 to 2045-03-15. A public certificate, not a secret.

import PureX509

extension AppAttestVerifier {
    /// Apple App Attestation Root CA, PEM.
    public static let appleAppAttestationRootCA = """
    -----BEGIN CERTIFICATE-----
    MIICITCCAaegAwIBAgIQC/O+DvHN0uD7jG5yH2IXmDAKBggqhkjOPQQDAzBSMSYw
    JAYDVQQDDB1BcHBsZSBBcHAgQXR0ZXN0YXRpb24gUm9vdCBDQTETMBEGA1UECgwK
    QXBwbGUgSW5jLjETMBEGA1UECAwKQ2FsaWZvcm5pYTAeFw0yMDAzMTgxODMyNTNa
    Fw00NTAzMTUwMDAwMDBaMFIxJjAkBgNVBAMMHUFwcGxlIEFwcCBBdHRlc3RhdGlv
    biBSb290IENBMRMwEQYDVQQKDApBcHBsZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9y
    bmlhMHYwEAYHKoZIzj0CAQYFK4EEACIDYgAERTHhmLW07ATaFQIEVwTtT4dyctdh
    NbJhFs/Ii2FdCgAHGbpphY3+d8qjuDngIN3WVhQUBHAoMeQ/cLiP1sOUtgjqK9au
    Yen1mMEvRq9Sk3Jm5X8U62H+xTD3FE9TgS41o0IwQDAPBgNVHRMBAf8EBTADAQH/
    MB0GA1UdDgQWBBSskRBTM72+aEH/pwyp5frq5eWKoTAOBgNVHQ8BAf8EBAMCAQYw
    CgYIKoZIzj0EAwMDaAAwZQIwQgFGnByvsiVbpTKwSga0kP0e8EeDS4+sQmTvb7vn
    53O5+FRXgeLhpJ06ysC5PrOyAjEAp5U4xDgEgllF7En3VcE3iexZZtKeYnpqtijV
    oyFraWVIyd/dganmrduC1bmTBGwD
    -----END CERTIFICATE-----
    """
}

extension AppAttestReceiptVerifier {
    /// Apple Root CA - G3, PEM: the root App Attest receipts chain to (through Apple Application
    /// Integration CA 5 - G1). SHA-256 fingerprint 63343abf…9179, valid 2014-04-30 to 2039-04-30.
    public static let appleRootCAG3 = AppleRootCertificates.rootCAG3PEM
}
