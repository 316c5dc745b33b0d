// swift-tools-version:6.0
//
// AppleAuthVapor: Sign in with Apple for Vapor 4 — the SignInWithApple service configured once on the
// Application and reached as `req.appleAuth`, sending through AppleAuthAsyncHTTPClient; the App Store Server
// API client the same way, as `req.appStoreServerAPI`; an authenticator for the server's session tokens;
// AppleAuth's failures as JSON errors. A separate package, depending on
// PureJWT (and the AsyncHTTPClient transport) by path here; published, it would be its own repository.
import PackageDescription

let package = Package(
    name: "AppleAuthVapor",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AppleAuthVapor", targets: ["AppleAuthVapor"]),
    ],
    dependencies: [
        // Tests only: helpers the integrations' and the example's tests share (ReservedPort).
        .package(name: "IntegrationTestSupport", path: "../IntegrationTestSupport"),
        .package(name: "PureJWT", path: "../.."),
        .package(name: "AppleAuthAsyncHTTPClient", path: "../AppleAuthAsyncHTTPClient"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    ],
    targets: [
        .target(
            name: "AppleAuthVapor",
            dependencies: [
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppStoreServerAPI", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "AppleAuthAsyncHTTPClient", package: "AppleAuthAsyncHTTPClient"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "AppleAuthVaporTests",
            dependencies: [
                .product(name: "IntegrationTestSupport", package: "IntegrationTestSupport"),
                "AppleAuthVapor",
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppStoreServerAPI", package: "PureJWT"),
                .product(name: "PureJWT", package: "PureJWT"),
                .product(name: "PureP256", package: "PureJWT"),
                .product(name: "PureSHA2", package: "PureJWT"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
            ],
            exclude: ["Vectors"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
