// swift-tools-version:6.0
//
// libFuzzer harnesses for PureJWT's parsers (issue 9). A separate package so that the library's own
// Package.swift stays free of unsafe flags. Run one with `scripts/fuzz.sh TARGET SECONDS`; each harness is
// one file in Sources/TARGET and its seed corpus is in Corpus/TARGET (made from the test vector files).
import PackageDescription

let harnesses: [(name: String, products: [String])] = [
    ("FuzzKeys", ["PureASN1", "PureP256", "PureRSA"]),
    ("FuzzBase64", ["PureBase64"]),
    ("FuzzJWS", ["PureJWT", "PureP256", "PureSecp256k1", "PureCurve25519", "PureCurve448", "PureSHA2"]),
    ("FuzzJWKS", ["PureJWT"]),
    ("FuzzIdentityToken", ["AppleAuth", "PureJWT"]),
    ("FuzzNotification", ["AppleAuth", "PureJWT"]),
    ("FuzzAppleResponses", ["AppleAuth"]),
    ("FuzzCertificates", ["PureX509", "PureP384"]),
    ("FuzzAppStore", ["AppStoreServer"]),
    ("FuzzEd25519", ["PureCurve25519"]),
    ("FuzzCurve448", ["PureCurve448"]),
    ("FuzzECKeys", ["PureP384", "PureP521", "PureSecp256k1"]),
    ("FuzzJWTTool", ["PureJWT"]),
    ("FuzzReceipts", ["AppStoreServer", "PureASN1"]),
    ("FuzzInflate", ["PureDeflate"]),
    ("FuzzJWE", ["PureJWT", "PureP256", "PureCurve25519", "PureRSA", "PureSHA2"]),
    ("FuzzCBOR", ["PureCBOR"]),
    ("FuzzWebAuthn", ["PureWebAuthn", "PureSHA2"]),
    ("FuzzAppAttest", ["AppAttest", "PureP256"]),
    ("FuzzMLDSA", ["PureMLDSA"]),
    ("FuzzApplePay", ["ApplePay", "PurePKCS12"]),
]

let package = Package(
    name: "PureJWTFuzz",
    dependencies: [.package(name: "PureJWT", path: "..")],
    targets: [.target(name: "FuzzDriver")] + harnesses.map { harness in
        .executableTarget(
            name: harness.name,
            // main.swift hands the harness to libFuzzer's driver (SwiftPM owns the executable's main).
            dependencies: ["FuzzDriver"] + harness.products.map { .product(name: $0, package: "PureJWT") }
        )
    }
)
