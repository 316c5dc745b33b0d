// An AppleHTTPTransport on URLSession, in its own target so that AppleAuth itself never links an HTTP
// client (on Linux, URLSession lives in FoundationNetworking, which links libcurl).

import AppleAuth
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends AppleAuth's requests with URLSession.
public struct URLSessionTransport: AppleHTTPTransport {
    public let timeout: TimeInterval

    public init(timeout: TimeInterval = 15) { self.timeout = timeout }

    public func send(_ request: AppleHTTPRequest) async throws -> AppleHTTPResponse {
        guard let url = URL(string: request.url) else { throw URLError(.badURL) }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return AppleHTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
    }
}
