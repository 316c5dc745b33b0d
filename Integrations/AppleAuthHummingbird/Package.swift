// swift-tools-version:6.0
//
// AppleAuthHummingbird: Sign in with Apple for Hummingbird 2 servers — an authenticator for the server's
// own session tokens (hummingbird-auth), JSON errors with the right status for AppleAuth's failures, and
// helpers to read Apple's callback and notification bodies. A separate package, depending on PureJWT by
// path here; published, it would be its own repository.
import PackageDescription

let package = Package(
    name: "AppleAuthHummingbird",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "AppleAuthHummingbird", targets: ["AppleAuthHummingbird"]),
    ],
    dependencies: [
        // Tests only: helpers the integrations' and the example's tests share (ReservedPort).
        .package(name: "IntegrationTestSupport", path: "../IntegrationTestSupport"),
        .package(name: "PureJWT", path: "../.."),
        // Tests only: the transport the README sends with, measured with its default settings.
        .package(name: "AppleAuthAsyncHTTPClient", path: "../AppleAuthAsyncHTTPClient"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    ],
    targets: [
        .target(
            name: "AppleAuthHummingbird",
            dependencies: [
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
            ]
        ),
        .testTarget(
            name: "AppleAuthHummingbirdTests",
            dependencies: [
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
                "AppleAuthHummingbird",
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppleAuthAsyncHTTPClient", package: "AppleAuthAsyncHTTPClient"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["Vectors"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
