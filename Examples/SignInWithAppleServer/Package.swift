// swift-tools-version:6.0
//
// SignInWithAppleServer: a complete Hummingbird server with Sign in with Apple — native and web sign-in,
// sessions, account deletion with revocation that survives Apple outages and restarts, and Apple's
// server-to-server notifications — on PureJWT's AppleAuth, storing users in SQLite (one process) or PostgreSQL
// (several instances behind a load balancer). Configured only by
// environment variables (see README.md). Copy it as the start of your own server.
import PackageDescription

let package = Package(
    name: "SignInWithAppleServer",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .executable(name: "SignInWithAppleServer", targets: ["SignInWithAppleServer"]),
    ],
    dependencies: [
        // Tests only: helpers the integrations' and the example's tests share (ReservedPort).
        .package(name: "IntegrationTestSupport", path: "../../Integrations/IntegrationTestSupport"),
        .package(name: "PureJWT", path: "../.."),
        .package(name: "AppleAuthHummingbird", path: "../../Integrations/AppleAuthHummingbird"),
        .package(name: "AppleAuthAsyncHTTPClient", path: "../../Integrations/AppleAuthAsyncHTTPClient"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        .target(
            name: "SignInWithAppleServerKit",
            dependencies: [
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppStoreServer", package: "PureJWT"),
                .product(name: "AppStoreServerAPI", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "PureWebAuthn", package: "PureJWT"),
                .product(name: "AppAttest", package: "PureJWT"),
                .product(name: "PureX509", package: "PureJWT"),
                .product(name: "PureBase64", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "AppleAuthHummingbird", package: "AppleAuthHummingbird"),
                .product(name: "AppleAuthAsyncHTTPClient", package: "AppleAuthAsyncHTTPClient"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "SignInWithAppleServer",
            dependencies: ["SignInWithAppleServerKit", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "AppleAuth", package: "PureJWT")]
        ),
        .testTarget(
            name: "SignInWithAppleServerTests",
            dependencies: [
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
                "SignInWithAppleServerKit",
                // Built for the test that runs the executable as its own process (SIGTERM and restart).
                "SignInWithAppleServer",
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "PureCBOR", package: "PureJWT"),
                .product(name: "PureWebAuthn", package: "PureJWT"),
                .product(name: "AppAttest", package: "PureJWT"),
                .product(name: "PureBase64", package: "PureJWT"),
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Signs the stand-in Apple's RS256 identity tokens at test time: an RSA signer independent of the one under test.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PureX509", package: "PureJWT"),
                // Builds the test's App Store certificate chain (PureX509 only reads certificates).
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
