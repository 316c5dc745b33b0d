// swift-tools-version:6.0
//
// Side-by-side timings of PureJWT against the C-backed peers. A separate package so that the library
// itself keeps no dependencies. Run from the repository root:
//
//   swift run -c release --package-path Benchmarks [Benchmarks --filter TEXT --json PATH]
import PackageDescription

let package = Package(
    name: "PureJWTBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PureJWT", path: ".."),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "PureBase64", package: "PureJWT"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
