/// The barcode symbologies the engine reads (zxing-cpp's set), with stable lower-case names
/// used in JSON (`measure --json`'s `barcodes[].symbology`) and in `ground_truth.csv`.
public enum BarcodeSymbology: String, Sendable, Codable, CaseIterable {
    case aztec
    case codabar
    case code39
    case code93
    case code128
    case dataBar = "databar"
    case dataBarExpanded = "databar_expanded"
    case dataMatrix = "data_matrix"
    case ean8
    case ean13
    case itf
    case maxiCode = "maxicode"
    case pdf417
    case qrCode = "qr_code"
    case upcA = "upc_a"
    case upcE = "upc_e"
    case microQRCode = "micro_qr_code"

    /// True for linear (1D) symbologies: bars read along one direction.
    public var isLinear: Bool {
        switch self {
        case .codabar, .code39, .code93, .code128, .dataBar, .dataBarExpanded, .ean8, .ean13, .itf, .upcA, .upcE:
            return true
        case .aztec, .dataMatrix, .maxiCode, .pdf417, .qrCode, .microQRCode:
            return false
        }
    }
}
