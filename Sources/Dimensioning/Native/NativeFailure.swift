import CPointCloud

/// A failure reported by the C++ target through `cpc_status`, with its message.
///
/// Internal: readers turn it into `DimensioningError.unreadableCapture(file:reason:)`, which
/// names the file; pipeline stages into `DimensioningError.internalFailure`.
package struct NativeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case invalidArgument, io, format, tooLarge, notFound, internalError
    }
    package var kind: Kind
    package var message: String

    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    /// Runs a C call that fills a `cpc_error` and returns a status; throws on failure.
    static func check(_ body: (UnsafeMutablePointer<cpc_error>) -> cpc_status) throws(NativeFailure) {
        var error = cpc_error()
        let status = body(&error)
        if status == CPC_OK { return }
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let kind: Kind
        switch status {
        case CPC_ERR_INVALID_ARGUMENT: kind = .invalidArgument
        case CPC_ERR_IO: kind = .io
        case CPC_ERR_FORMAT: kind = .format
        case CPC_ERR_TOO_LARGE: kind = .tooLarge
        case CPC_ERR_NOT_FOUND: kind = .notFound
        default: kind = .internalError
        }
        throw NativeFailure(kind: kind, message: message.isEmpty ? "status \(status.rawValue)" : message)
    }
}
