// Where the server keeps its data: an SQLite file (DATABASE_PATH, one process) or a PostgreSQL database
// (DATABASE_URL, shared by every instance). The URL is read the way libpq reads it, so the one that works
// with `psql` works here:
//
//     postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-ca|verify-full]
//
// `postgresql://` is accepted too; user, password and database are percent-decoded; the port defaults to
// 5432; `sslmode` defaults to `prefer` (libpq's default: TLS when the server offers it, without checking its
// certificate). `require` insists on TLS without checking the certificate (like libpq), `verify-ca` checks
// the chain, `verify-full` the chain and the host name — against the system's roots, or the PEM file named
// by `sslrootcert`. Only TCP: a Unix socket path is refused with a message. The password never prints.

import Foundation

/// The database the server uses.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file, created if missing (DATABASE_PATH).
    case sqlite(path: String)
    /// A PostgreSQL database (DATABASE_URL).
    case postgres(PostgresSettings)

    public var description: String {
        switch self {
        case .sqlite(let path): "SQLite \(path)"
        case .postgres(let settings): "PostgreSQL \(settings)"
        }
    }
}

/// A PostgreSQL database's address, credentials and TLS mode, from DATABASE_URL.
public struct PostgresSettings: Sendable, Equatable, CustomStringConvertible {
    /// libpq's `sslmode` values this server supports.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// `sslrootcert`: a PEM file of the roots to trust instead of the system's (verify-ca, verify-full).
    public var rootCertificateFile: String?

    public init(host: String, port: Int = 5432, user: String, password: String?, database: String, tls: TLSMode = .prefer,
                rootCertificateFile: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
        self.rootCertificateFile = rootCertificateFile
    }

    /// The URL with the password replaced by `***`: what logs and error messages show.
    public var description: String {
        let credentials = password == nil ? user : "\(user):***"
        return "postgres://\(credentials)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    /// Reads DATABASE_URL; a malformed URL throws a `ConfigurationError` that says which part is wrong.
    public init(url text: String) throws {
        func fail(_ problem: String) -> ConfigurationError {
            ConfigurationError("DATABASE_URL is malformed: \(problem); give postgres://user:password@host:port/database (percent-encode special characters in the password)")
        }
        guard let schemeEnd = text.range(of: "://") else { throw fail("it has no scheme") }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else { throw fail("the scheme is \"\(scheme)\", not postgres") }
        var rest = Substring(text[schemeEnd.upperBound...])
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw fail("it names no database (the path after the host)") }
        let authority = rest[..<slash]
        let path = rest[rest.index(after: slash)...]
        guard let at = authority.lastIndex(of: "@") else { throw fail("it names no user (user@host)") }
        let credentials = authority[..<at]
        var hostPort = authority[authority.index(after: at)...]

        let userText = credentials.firstIndex(of: ":").map { credentials[..<$0] } ?? credentials
        guard let user = String(userText).removingPercentEncoding, !user.isEmpty else { throw fail("the user is empty or badly percent-encoded") }
        var password: String?
        if let colon = credentials.firstIndex(of: ":") {
            guard let decoded = String(credentials[credentials.index(after: colon)...]).removingPercentEncoding else {
                throw fail("the password is badly percent-encoded")
            }
            password = decoded
        }

        var host: String
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw fail("an IPv6 host has no closing ]") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            hostPort = hostPort[hostPort.index(after: close)...]
            if !hostPort.isEmpty {
                guard hostPort.hasPrefix(":") else { throw fail("unexpected text after the IPv6 host") }
                portText = hostPort.dropFirst()
            }
        } else if let colon = hostPort.firstIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = String(hostPort)
        }
        guard !host.isEmpty else { throw fail("it names no host (a Unix socket is not supported: use host 127.0.0.1)") }
        var port = 5432
        if let portText {
            guard portText.count <= 5, let number = Int(portText), (1...65_535).contains(number) else {
                throw fail("the port \"\(portText)\" is not a number from 1 to 65535")
            }
            port = number
        }
        guard let database = String(path).removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw fail("the database name (the path after the host) is empty, nested or badly percent-encoded")
        }

        var tls = TLSMode.prefer
        var rootCertificateFile: String?
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count == 2 ? (String(parts[1]).removingPercentEncoding ?? "") : ""
            switch name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw fail("sslmode \"\(value)\" is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                tls = mode
            case "sslrootcert":
                guard !value.isEmpty else { throw fail("sslrootcert is empty") }
                rootCertificateFile = value
            case "application_name", "connect_timeout":
                continue   // libpq's; harmless here
            default:
                throw fail("the parameter \"\(name)\" is not supported (sslmode and sslrootcert are)")
            }
        }
        self.init(host: host, port: port, user: user, password: password, database: database, tls: tls,
                  rootCertificateFile: rootCertificateFile)
    }
}
