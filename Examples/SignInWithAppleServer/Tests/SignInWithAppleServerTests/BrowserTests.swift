// /passkeys.html in a real browser: headless Chromium driven by chromedriver over WebDriver, with WebDriver's
// virtual authenticators (the WebAuthn extension of the WebDriver spec) standing in for a phone and a
// security key. It registers a passkey, signs out, signs in with it, adds a second authenticator's passkey,
// removes that passkey and sees it refused, and signs in again with the first. Skipped where Chromium or
// chromedriver is missing, unless SIWA_REQUIRE_BROWSER=1 (.ci/run installs both and sets it).

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PureWebAuthn
import SignInWithAppleServerKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private enum Browser {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["SIWA_REQUIRE_BROWSER"] == "1"
    static var available: Bool { chromium != nil && driver != nil }
}

/// A TCP port free now (bound, read, released).
private func freePort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A WebDriver session with chromedriver.
private struct WebDriver {
    let base: String
    let session: String

    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    static func send(_ method: HTTPMethod, _ url: String, _ body: Any? = nil) async throws -> Any? {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: body))) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 1 << 22)
        let object = try JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any]
        guard response.status == .ok else { throw WebDriverError(message: "\(method) \(url): \(response.status) \(object ?? [:])") }
        return object?["value"]
    }

    func send(_ method: HTTPMethod, _ path: String, _ body: Any? = nil) async throws -> Any? {
        try await Self.send(method, base + "/session/" + session + path, body)
    }

    func element(_ selector: String) async throws -> String {
        let value = try await send(.POST, "/element", ["using": "css selector", "value": selector]) as? [String: Any]
        return try #require(value?[Self.elementKey] as? String)
    }

    func click(_ selector: String) async throws { _ = try await send(.POST, "/element/\(try await element(selector))/click", [String: Any]()) }

    func type(_ text: String, into selector: String) async throws {
        let element = try await element(selector)
        _ = try await send(.POST, "/element/\(element)/clear", [String: Any]())
        if !text.isEmpty { _ = try await send(.POST, "/element/\(element)/value", ["text": text]) }
    }

    /// #status once it is no longer "Working...".
    func status() async throws -> String {
        let element = try await element("#status")
        for _ in 0..<300 {
            let text = try await send(.GET, "/element/\(element)/text") as? String ?? ""
            if text != "Working..." { return text }
            try await Task.sleep(for: .milliseconds(100))
        }
        return "timed out"
    }

    func addAuthenticator() async throws -> String {
        let id = try await send(.POST, "/webauthn/authenticator", ["protocol": "ctap2", "transport": "internal", "hasResidentKey": true,
                                                                    "hasUserVerification": true, "isUserConsenting": true, "isUserVerified": true])
        return try #require(id as? String)
    }
}

private struct WebDriverError: Error, CustomStringConvertible { let message: String; var description: String { message } }

@Suite("Passkeys in a real browser (headless Chromium, virtual authenticators)", .serialized)
struct BrowserTests {
    @Test("/passkeys.html: register, sign out, sign in, add a second authenticator's passkey, a removed passkey refused",
          .enabled(if: Browser.available || Browser.required, "Chromium or chromedriver is not installed"))
    func passkeysPage() async throws {
        let chromium = try #require(Browser.chromium, "Chromium is required (SIWA_REQUIRE_BROWSER=1) but not installed")
        let driverPath = try #require(Browser.driver, "chromedriver is required (SIWA_REQUIRE_BROWSER=1) but not installed")

        // The server on localhost (an RP ID must be a domain; localhost is a secure context over http).
        let port = freePort()
        let origin = "http://localhost:\(port)"
        let apple = try await StandInApple()
        let settings = WebAuthnSettings(relyingParty: WebAuthnRelyingParty(id: "localhost", name: "PureJWT example", origins: [origin]))
        let server = try await RunningServer(apple: apple, database: try await TestBackend.sqlite.freshDatabase(), webAuthn: settings,
                                             port: port, publicURL: origin)
        // chromedriver, then a headless Chromium session.
        let driverPort = freePort()
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: driverPath)
        driver.arguments = ["--port=\(driverPort)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let base = "http://127.0.0.1:\(driverPort)"
        var browser: WebDriver?
        // Everything is shut down before the test returns, whatever happened: the browser (closed with its
        // session), then chromedriver, asked over HTTP and killed if it has not exited within 5 s — it
        // inherits the test process's blocked signals, so the SIGTERM of `terminate()` never reached it,
        // and every run left one running — then the server.
        do {
            browser = try await openBrowser(base: base, chromium: chromium)
            try await exercise(try #require(browser), origin: origin)
        } catch {
            await shutDown(browser, driver, base: base, server, apple)
            throw error
        }
        await shutDown(browser, driver, base: base, server, apple)
    }

    /// A headless Chromium session once chromedriver answers, its profile in the test's scratch folder.
    private func openBrowser(base: String, chromium: String) async throws -> WebDriver {
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? await WebDriver.send(.GET, base + "/status")) != nil
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(ready, "chromedriver did not start")
        let profile = try TestScratch.path("chromium-profile").path   // the browser's profile, removed at exit
        let created = try await WebDriver.send(.POST, base + "/session", ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": chromium, "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                                                "--user-data-dir=\(profile)"]],
        ]]]) as? [String: Any]
        return WebDriver(base: base, session: try #require(created?["sessionId"] as? String))
    }

    private func shutDown(_ browser: WebDriver?, _ driver: Process, base: String, _ server: RunningServer, _ apple: StandInApple) async {
        if let browser { _ = try? await browser.send(.DELETE, "") }
        _ = try? await WebDriver.send(.GET, base + "/shutdown")
        for _ in 0..<50 where driver.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        await server.stop()
        await apple.shutdown()
    }

    /// The page's flows, through the browser.
    private func exercise(_ browser: WebDriver, origin: String) async throws {
        let phone = try await browser.addAuthenticator()
        _ = try await browser.send(.POST, "/url", ["url": origin + "/passkeys.html"])

        // Register a passkey for a new account, sign out, sign in with it (discoverable: no username).
        try await browser.type("alice", into: "#username")
        try await browser.click("#register")
        let registered = try await browser.status()
        #expect(registered.hasPrefix("Registered "), "\(registered)")
        try await browser.click("#signout")
        try await browser.type("", into: "#username")
        try await browser.click("#signin")
        let signedIn = try await browser.status()
        #expect(signedIn.hasPrefix("Signed in as pk-"), "\(signedIn)")

        // A second authenticator (a security key) adds its passkey to the signed-in account. The phone is
        // taken away meanwhile (its credential kept, to be given back), so that the browser uses the key.
        let phoneCredentials = try #require(try await browser.send(.GET, "/webauthn/authenticator/\(phone)/credentials") as? [[String: Any]])
        #expect(phoneCredentials.count == 1)
        _ = try await browser.send(.DELETE, "/webauthn/authenticator/\(phone)")
        let key = try await browser.addAuthenticator()
        try await browser.click("#add")
        let added = try await browser.status()
        #expect(added.hasPrefix("Added "), "\(added)")
        try await browser.click("#list")
        #expect(try await browser.status() == "2 passkey(s)")

        // Remove the security key's passkey (the second listed): signing in with it is refused.
        try await browser.click("#remove-1")
        #expect(try await browser.status().hasPrefix("Removed "))
        try await browser.click("#signout")
        try await browser.click("#signin")
        let refused = try await browser.status()
        #expect(refused.hasPrefix("Error: 401"), "\(refused)")

        // The phone comes back: its passkey still signs in.
        _ = try await browser.send(.DELETE, "/webauthn/authenticator/\(key)")
        let phoneAgain = try await browser.addAuthenticator()
        for credential in phoneCredentials {
            _ = try await browser.send(.POST, "/webauthn/authenticator/\(phoneAgain)/credential", credential)
        }
        try await browser.click("#signin")
        let again = try await browser.status()
        #expect(again == signedIn, "\(again)")
    }
}
