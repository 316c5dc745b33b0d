// swift-tools-version:6.2
//
// Side-by-side timings of PureJWT against the C-backed peers. A separate package so that the library
// itself keeps no dependencies. Run from the repository root:
//
//   swift run -c release --package-path Benchmarks Benchmarks [--filter TEXT] [--json PATH]
//   swift run -c release --package-path Benchmarks ConstantTime [--measurements N] [--only NAME]
//
// The AES rows link BearSSL: `apt-get install libbearssl-dev` first.
import PackageDescription

let package = Package(
    name: "PureJWTBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PureJWT", path: ".."),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/attaswift/BigInt.git", exact: "6.0.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", exact: "1.7.4"),
        // Allocation counts for the "jwt-kit set" rows (the counter jwt-kit's own benchmarks use).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", exact: "1.6.1"),
    ],
    targets: [
        // BearSSL's portable constant-time AES (aes_ct64, ghash_ctmul64) for the AES rows: Debian's
        // libbearssl-dev (`apt-get install libbearssl-dev`), a C library the benchmarks alone link.
        .systemLibrary(name: "CBearSSL", path: "Sources/CBearSSL", providers: [.apt(["libbearssl-dev"])]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "PureBase64", package: "PureJWT"),
                .product(name: "PureBigInt", package: "PureJWT"),
                .product(name: "PureRSA", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "PureP384", package: "PureJWT"),
                .product(name: "PureP521", package: "PureJWT"),
                .product(name: "PureSecp256k1", package: "PureJWT"),
                .product(name: "PureCurve25519", package: "PureJWT"),
                .product(name: "PureCurve448", package: "PureJWT"),
                .product(name: "PureAES", package: "PureJWT"),
                .product(name: "PureSHA3", package: "PureJWT"),
                .product(name: "PureMLDSA", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureCBOR", package: "PureJWT"),
                .product(name: "PureWebAuthn", package: "PureJWT"),
                .product(name: "AppAttest", package: "PureJWT"),
                .product(name: "ApplePay", package: "PureJWT"),
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppStoreServer", package: "PureJWT"),
                .product(name: "AppStoreServerAPI", package: "PureJWT"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                "CBearSSL",
            ]
        ),
        // dudect-style constant-time check (issue 9): Welch's t-test on timings of two input classes.
        .executableTarget(
            name: "ConstantTime",
            dependencies: [
                .product(name: "PureBigInt", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "PureP384", package: "PureJWT"),
                .product(name: "PureSecp256k1", package: "PureJWT"),
                .product(name: "PureCurve25519", package: "PureJWT"),
                .product(name: "PureCurve448", package: "PureJWT"),
                .product(name: "PureRSA", package: "PureJWT"),
                .product(name: "PureAES", package: "PureJWT"),
                .product(name: "PureMLDSA", package: "PureJWT"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
