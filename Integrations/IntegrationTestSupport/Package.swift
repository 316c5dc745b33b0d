// swift-tools-version:6.0
//
// IntegrationTestSupport: helpers that the integration packages' and the example server's tests share
// (ReservedPort: a port for a stand-in server that refuses connections once the server has stopped). Test
// code only; no package product ships with it. It depends on nothing.
import PackageDescription

let package = Package(
    name: "IntegrationTestSupport",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "IntegrationTestSupport", targets: ["IntegrationTestSupport"]),
    ],
    targets: [
        .target(name: "IntegrationTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
