// The server's settings, from environment variables only. Every variable is checked at startup and a
// missing or malformed one stops the server with a message that names it and says what to set.

import Foundation

/// The server's settings.
public struct ServerConfiguration: Sendable {
    /// APPLE_TEAM_ID: your Apple Developer team ID.
    public var teamID: String
    /// APPLE_KEY_ID: the Sign in with Apple key's ID.
    public var keyID: String
    /// The contents of APPLE_PRIVATE_KEY_FILE (the .p8).
    public var privateKeyPEM: String
    /// APPLE_CLIENT_IDS: every client ID (bundle ID, Services ID) accepted as audience.
    public var clientIDs: [String]
    /// APPLE_BASE_URL: where Apple's endpoints are (default https://appleid.apple.com).
    public var appleBaseURL: String
    /// DATABASE_URL (PostgreSQL, for several instances) or DATABASE_PATH (an SQLite file, one process).
    public var database: DatabaseLocation
    /// DATABASE_STARTUP_TIMEOUT: how long a PostgreSQL that cannot be reached at startup is waited for, in
    /// seconds (default 30, at most 60); then the server stops with exit status 1.
    public var databaseStartupTimeout: Double = 30
    /// HOST (default 127.0.0.1).
    public var host: String
    /// PORT (default 8080; 0 picks a free port).
    public var port: Int
    /// PUBLIC_URL: how browsers reach this server, for the web flow's redirect URI.
    public var publicURL: String
    /// The shortest time between two key fetches caused by tokens with an unknown kid, in seconds
    /// (default 60: a new Apple key is picked up within a minute, and forged kids cannot make the server
    /// hammer Apple). Not an environment variable; tests shorten it.
    public var unknownKeyIDInterval: Double = 60
    /// APPLE_TIMEOUT: how long one request to Apple may take, body included, in seconds (default 10, from
    /// 1 to 60). A sign-in that needs Apple answers 503 after this; a revocation is queued. A claim on a queued
    /// revocation lasts twice this and ten seconds more.
    public var appleTimeout: Double = 10
    /// App Store notifications (POST /appstore/notifications), when APPSTORE_ROOT_CERTIFICATE_FILE is set.
    public var appStore: AppStoreSettings?
    /// Passkeys (WEBAUTHN_*): the relying party and the attestation it asks for. Nil: from PUBLIC_URL.
    public var webAuthn: WebAuthnSettings?
    /// App Attest (APPATTEST_*), when APPATTEST_APP_ID is set; the routes answer 404 otherwise.
    public var appAttest: AppAttestSettings?

    /// Settings given directly (tests, or a server that reads them from elsewhere).
    public init(teamID: String, keyID: String, privateKeyPEM: String, clientIDs: [String], appleBaseURL: String,
                database: DatabaseLocation, host: String, port: Int, publicURL: String) {
        self.teamID = teamID
        self.keyID = keyID
        self.privateKeyPEM = privateKeyPEM
        self.clientIDs = clientIDs
        self.appleBaseURL = appleBaseURL
        self.database = database
        self.host = host
        self.port = port
        self.publicURL = publicURL
    }

    /// The settings from `environment` (the process's by default).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        func required(_ name: String, _ hint: String) throws -> String {
            guard let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                throw ConfigurationError("\(name) is not set: \(hint)")
            }
            return value
        }
        let keyFile = try required("APPLE_PRIVATE_KEY_FILE", "the path of the .p8 key downloaded from Apple's developer site")
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8) else {
            throw ConfigurationError("APPLE_PRIVATE_KEY_FILE: cannot read \(keyFile); check the path and its permissions")
        }
        let clientIDs = try required("APPLE_CLIENT_IDS", "your bundle ID and/or Services IDs, comma-separated")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !clientIDs.isEmpty else { throw ConfigurationError("APPLE_CLIENT_IDS has no client ID: give your bundle ID and/or Services IDs, comma-separated") }
        let portText = environment["PORT"] ?? "8080"
        guard let port = Int(portText), (0...65_535).contains(port) else {
            throw ConfigurationError("PORT is \"\(portText)\": give a port number from 0 to 65535")
        }
        let host = environment["HOST"] ?? "127.0.0.1"
        let publicURL = environment["PUBLIC_URL"] ?? "http://\(host):\(port)"
        guard publicURL.hasPrefix("https://") || publicURL.hasPrefix("http://") else {
            throw ConfigurationError("PUBLIC_URL is \"\(publicURL)\": give the server's public http(s) URL, e.g. https://api.example.com")
        }
        let database: DatabaseLocation
        // Trimmed like every other variable (a URL read from a secrets file often ends in a newline).
        func optional(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        switch (optional("DATABASE_URL"), optional("DATABASE_PATH")) {
        case (.some, .some):
            throw ConfigurationError("DATABASE_URL and DATABASE_PATH are both set: set DATABASE_URL for PostgreSQL or DATABASE_PATH for SQLite, not both")
        case (.some(let url), nil): database = .postgres(try PostgresSettings(url: url))
        case (nil, .some(let path)): database = .sqlite(path: path)
        case (nil, nil):
            throw ConfigurationError("DATABASE_PATH is not set: give the SQLite file to keep users in (e.g. ./users.sqlite), or DATABASE_URL for PostgreSQL (postgres://user:password@host:5432/database)")
        }
        func seconds(_ name: String, default value: Double, in range: ClosedRange<Double>) throws -> Double {
            guard let text = environment[name], !text.isEmpty else { return value }
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw ConfigurationError("\(name) is \"\(text)\": give a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            return number
        }
        var configuration = ServerConfiguration(
            teamID: try required("APPLE_TEAM_ID", "your 10-character Apple Developer team ID"),
            keyID: try required("APPLE_KEY_ID", "the 10-character ID of your Sign in with Apple key"),
            privateKeyPEM: pem, clientIDs: clientIDs,
            appleBaseURL: environment["APPLE_BASE_URL"] ?? "https://appleid.apple.com",
            database: database, host: host, port: port,
            publicURL: publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL)
        configuration.databaseStartupTimeout = try seconds("DATABASE_STARTUP_TIMEOUT", default: 30, in: 1...60)
        configuration.appleTimeout = try seconds("APPLE_TIMEOUT", default: 10, in: 1...60)
        if let rootFile = environment["APPSTORE_ROOT_CERTIFICATE_FILE"], !rootFile.isEmpty {
            guard let root = FileManager.default.contents(atPath: rootFile) else {
                throw ConfigurationError("APPSTORE_ROOT_CERTIFICATE_FILE: cannot read \(rootFile); download Apple Root CA - G3 from https://www.apple.com/certificateauthority/")
            }
            var appAppleID: Int64?
            if let text = environment["APPSTORE_APP_APPLE_ID"], !text.isEmpty {
                guard let number = Int64(text), number > 0 else {
                    throw ConfigurationError("APPSTORE_APP_APPLE_ID is \"\(text)\": give the app's Apple ID from App Store Connect (App Information), a number")
                }
                appAppleID = number
            }
            var onlineChecks = false
            switch environment["APPSTORE_ONLINE_CHECKS"] ?? "" {
            case "", "0", "false": onlineChecks = false
            case "1", "true": onlineChecks = true
            case let other: throw ConfigurationError("APPSTORE_ONLINE_CHECKS is \"\(other)\": 1 turns the OCSP checks of App Store notifications on, 0 off")
            }
            configuration.appStore = AppStoreSettings(rootCertificates: [[UInt8](root)],
                                                      bundleID: environment["APPSTORE_BUNDLE_ID"] ?? clientIDs[0], appAppleID: appAppleID,
                                                      onlineChecks: onlineChecks, ocspBaseURL: environment["APPSTORE_OCSP_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 })
        }
        configuration.webAuthn = try WebAuthnSettings.fromEnvironment(environment, publicURL: configuration.publicURL)
        configuration.appAttest = try AppAttestSettings.fromEnvironment(environment)
        return configuration
    }
}

/// A setting that is missing or malformed.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// What is wrong and what to set.
    public let description: String
    init(_ description: String) { self.description = description }
}
