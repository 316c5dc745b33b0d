// swift-tools-version:6.0
//
// PureJWT: pure-Swift cryptography and JWT for servers that speak Sign in with Apple.
// No C code and no package dependencies: see ../shared/DESIGN.md (mirrored in Docs/Architecture.md).
// Do not add `unsafeFlags` here: a package that uses them cannot be a dependency.
import PackageDescription

let package = Package(
    name: "PureJWT",
    // The lowest versions with Swift concurrency that the code supports. Newer APIs are used only behind
    // `if #available` with a tested fallback (Int128 in PureP256's inversion: two-word sums below macOS 15).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "PureSHA2", targets: ["PureSHA2"]),
        .library(name: "PureBase64", targets: ["PureBase64"]),
        .library(name: "PureASN1", targets: ["PureASN1"]),
        .library(name: "PureBigInt", targets: ["PureBigInt"]),
        .library(name: "PureRSA", targets: ["PureRSA"]),
        .library(name: "PureP256", targets: ["PureP256"]),
        .library(name: "PureECDSA", targets: ["PureECDSA"]),
        .library(name: "PureP384", targets: ["PureP384"]),
        .library(name: "PureP521", targets: ["PureP521"]),
        .library(name: "PureSecp256k1", targets: ["PureSecp256k1"]),
        .library(name: "PureCurve25519", targets: ["PureCurve25519"]),
        .library(name: "PureCurve448", targets: ["PureCurve448"]),
        .library(name: "PureAES", targets: ["PureAES"]),
        .library(name: "PureSHA3", targets: ["PureSHA3"]),
        .library(name: "PureMLDSA", targets: ["PureMLDSA"]),
        .library(name: "PureDeflate", targets: ["PureDeflate"]),
        .library(name: "PureCBOR", targets: ["PureCBOR"]),
        .library(name: "PureX509", targets: ["PureX509"]),
        .library(name: "PurePKCS12", targets: ["PurePKCS12"]),
        .library(name: "AppStoreServer", targets: ["AppStoreServer"]),
        .library(name: "AppStoreServerAPI", targets: ["AppStoreServerAPI"]),
        .library(name: "PureJWT", targets: ["PureJWT"]),
        .library(name: "PureWebAuthn", targets: ["PureWebAuthn"]),
        .library(name: "AppAttest", targets: ["AppAttest"]),
        .library(name: "ApplePay", targets: ["ApplePay"]),
        .library(name: "AppleHTTP", targets: ["AppleHTTP"]),
        .library(name: "AppleAuth", targets: ["AppleAuth"]),
        .library(name: "AppleAuthURLSession", targets: ["AppleAuthURLSession"]),
        .executable(name: "appleauth", targets: ["appleauth"]),
        .executable(name: "jwt", targets: ["jwt"]),
    ],
    targets: [
        // Stdlib-only primitives.
        .target(name: "PureSHA2"),
        .target(name: "PureBase64"),
        .target(name: "PureASN1", dependencies: ["PureBase64"]),
        .target(name: "PureBigInt"),
        .target(name: "PureRSA", dependencies: ["PureBigInt", "PureSHA2", "PureASN1"]),
        .target(name: "PureP256", dependencies: ["PureECDSA", "PureSHA2", "PureASN1", "PureBigInt"]),
        .target(name: "PureECDSA", dependencies: ["PureSHA2", "PureASN1"]),
        .target(name: "PureP384", dependencies: ["PureECDSA", "PureSHA2", "PureASN1"]),
        .target(name: "PureP521", dependencies: ["PureECDSA", "PureSHA2", "PureASN1"]),
        // secp256k1 (JWS "ES256K", RFC 8812) on PureECDSA's generic code with its a = 0 formulas.
        .target(name: "PureSecp256k1", dependencies: ["PureECDSA", "PureSHA2", "PureASN1"]),
        .target(name: "PureCurve25519", dependencies: ["PureSHA2", "PureASN1", "PureBigInt", "PureECDSA"]),
        // Ed448 (RFC 8032) and X448 (RFC 7748) on the Goldilocks field; SHAKE256 from PureSHA3, the scalar
        // carries from PureECDSA's limb primitives.
        .target(name: "PureCurve448", dependencies: ["PureSHA3", "PureSHA2", "PureASN1", "PureECDSA"]),
        // Constant-time (bitsliced) AES: GCM, key wrap, and A*CBC-HS* for JWE; SymmetricKey from PureSHA2.
        .target(name: "PureAES", dependencies: ["PureSHA2"]),
        // SHA-3 and SHAKE (FIPS 202): one Keccak-f[1600]; the hashes have PureSHA2's HashFunction shape.
        .target(name: "PureSHA3", dependencies: ["PureSHA2"]),
        // ML-DSA-44/65/87 (FIPS 204): constant-time signing, strict verification, seed and expanded keys.
        .target(name: "PureMLDSA", dependencies: ["PureSHA3", "PureSHA2", "PureASN1"]),
        // Raw DEFLATE (RFC 1951) for JWE's "zip": "DEF": a bounded inflater and a fixed-code deflater.
        .target(name: "PureDeflate"),
        // Strict CBOR (RFC 8949) and COSE keys for WebAuthn and App Attest: a decoder for hostile input and
        // the CTAP2 canonical encoder.
        .target(name: "PureCBOR"),
        .target(name: "PureX509", dependencies: ["PureASN1", "PureP256", "PureP384", "PureRSA", "PureSHA2"]),
        // PKCS#12 files (RFC 7292) read with a password: the MAC, PBES2-AES and the older Triple-DES scheme,
        // the certificates and private keys inside.
        .target(name: "PurePKCS12", dependencies: ["PureASN1", "PureSHA2", "PureAES"]),
        .target(name: "AppStoreServer", dependencies: ["PureJWT", "PureX509", "PureASN1", "PureP256", "PureSHA2", "PureBase64"]),
        .target(name: "AppStoreServerAPI", dependencies: ["AppleHTTP", "AppStoreServer", "PureX509", "PureJWT", "PureP256", "PureBase64"]),
        // JWS/JWT on top of the primitives; may import Foundation (Data, Date, JSON).
        .target(name: "PureJWT", dependencies: ["PureBase64", "PureSHA2", "PureASN1", "PureBigInt", "PureRSA", "PureP256", "PureP384", "PureP521", "PureSecp256k1",
                                                "PureCurve25519", "PureCurve448", "PureAES", "PureDeflate", "PureMLDSA"]),
        // The WebAuthn relying party (passkeys): ceremonies, attestation formats, on PureCBOR and PureJWT's
        // strict JSON (+ Foundation through PureJWT).
        .target(name: "PureWebAuthn", dependencies: ["PureCBOR", "PureJWT", "PureX509", "PureSHA2", "PureBase64", "PureASN1",
                                                     "PureP256", "PureP384", "PureP521", "PureSecp256k1", "PureCurve25519", "PureCurve448", "PureRSA", "PureMLDSA"]),
        // App Attest (and, to come, DeviceCheck) on the server: attestations and assertions of Apple's
        // device keys, on PureWebAuthn's authenticator data.
        .target(name: "AppAttest", dependencies: ["PureWebAuthn", "PureCBOR", "PureX509", "PureASN1", "PureP256", "PureSHA2", "PureJWT",
                                                 "PureBase64", "AppleHTTP"]),
        // Apple Pay on the server: payment tokens' CMS signature to Apple Root CA - G3, EC_v1 and RSA_v1
        // decryption, the typed payment data.
        .target(name: "ApplePay", dependencies: ["PureX509", "PurePKCS12", "PureASN1", "PureP256", "PureRSA", "PureAES", "PureSHA2", "PureBase64", "PureJWT"]),
        // The HTTP transport protocol and retry rules that AppleAuth and AppStoreServerAPI share (both
        // re-export it); no networking of its own.
        .target(name: "AppleHTTP"),
        // Sign in with Apple on top of PureJWT; no networking of its own.
        .target(name: "AppleAuth", dependencies: ["AppleHTTP", "PureJWT", "PureP256", "PureSHA2", "PureBase64"]),
        // An AppleHTTPTransport on URLSession (FoundationNetworking on Linux), for the tool and for servers
        // without another HTTP client; AppleAuth itself does no networking.
        .target(name: "AppleAuthURLSession", dependencies: ["AppleAuth"]),

        // What the two tools share: argument parsing, exit codes, bounded input (Foundation only).
        .target(name: "CommandLineSupport"),
        // The command-line tool, on the SignInWithApple service.
        .executableTarget(name: "appleauth", dependencies: ["CommandLineSupport", "AppleAuth", "AppleAuthURLSession", "AppStoreServer", "AppStoreServerAPI", "AppAttest", "ApplePay", "PureJWT", "PureSHA2", "PureBase64", "PureRSA", "PureP256", "PureASN1"]),

        // The JOSE tool: keys, signing, verification and decoding for every JWS algorithm.
        .executableTarget(name: "jwt", dependencies: ["CommandLineSupport", "PureJWT", "PureMLDSA", "PureASN1", "PureRSA", "PureP256", "PureP384", "PureSecp256k1",
                                                      "PureP521", "PureCurve25519", "PureCurve448", "PureSHA2", "PureBase64"]),

        // Shared test helpers: hex, vector-file loading, the Wycheproof runner.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TestSupportTests",
            dependencies: ["TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureSHA2Tests",
            dependencies: ["PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureSHA3Tests",
            dependencies: ["PureSHA3", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureMLDSATests",
            dependencies: ["PureMLDSA", "PureSHA3", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureASN1Tests",
            dependencies: ["PureASN1", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureBigIntTests",
            dependencies: ["PureBigInt", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureRSATests",
            dependencies: ["PureRSA", "PureBigInt", "PureASN1", "PureBase64", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureP256Tests",
            dependencies: ["PureP256", "PureASN1", "PureSHA2", "PureBigInt", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureP384Tests",
            dependencies: ["PureP384", "PureECDSA", "PureASN1", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureP521Tests",
            dependencies: ["PureP521", "PureECDSA", "PureASN1", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureSecp256k1Tests",
            dependencies: ["PureSecp256k1", "PureECDSA", "PureASN1", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "KeyAgreementTests",
            dependencies: ["PureP256", "PureP384", "PureP521", "PureSecp256k1", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureCurve25519Tests",
            dependencies: ["PureCurve25519", "PureASN1", "PureBigInt", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureCurve448Tests",
            dependencies: ["PureCurve448", "PureASN1", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureAESTests",
            dependencies: ["PureAES", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureDeflateTests",
            dependencies: ["PureDeflate", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppAttestTests",
            dependencies: ["AppAttest", "AppleHTTP", "PureP256", "PureSHA2", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PurePKCS12Tests",
            dependencies: ["PurePKCS12", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "ApplePayTests",
            dependencies: ["ApplePay", "PureX509", "PureJWT", "PureBase64", "PureP256", "PureSHA2", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureWebAuthnTests",
            dependencies: ["PureWebAuthn", "PureCBOR", "PureSHA2", "PureBase64", "PureP256", "PureX509", "PureMLDSA", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureCBORTests",
            dependencies: ["PureCBOR", "PureP256", "PureP384", "PureP521", "PureCurve25519", "PureCurve448", "PureBigInt", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureX509Tests",
            dependencies: ["PureX509", "PureASN1", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppStoreServerTests",
            dependencies: ["AppStoreServer", "PureX509", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppStoreServerAPITests",
            // AppleAuthURLSession: the client tests talk real HTTP to a stand-in for Apple on 127.0.0.1.
            dependencies: ["AppStoreServerAPI", "AppStoreServer", "AppleAuthURLSession", "PureJWT", "PureP256", "PureSHA2", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PureJWTTests",
            dependencies: ["PureJWT", "PureP256", "PureP384", "PureP521", "PureRSA", "PureSHA2", "PureBase64", "PureCurve25519", "PureCurve448", "PureASN1", "PureMLDSA", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppleAuthTests",
            // AppleAuthURLSession: the service tests talk real HTTP to a stand-in for Apple on 127.0.0.1.
            dependencies: ["AppleAuth", "AppleAuthURLSession", "PureJWT", "PureP256", "PureSHA2", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppleAuthURLSessionTests",
            dependencies: ["AppleAuthURLSession", "AppleAuth", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "AppleAuthToolTests",
            dependencies: ["appleauth", "PureJWT", "PureP256", "PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "JWTToolTests",
            dependencies: ["jwt", "PureJWT", "TestSupport"]
        ),
        .testTarget(
            name: "PureBase64Tests",
            dependencies: ["PureBase64", "TestSupport"],
            exclude: ["Vectors"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
