import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The process exit codes of DESIGN.md (sysexits.h).
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    case temporaryFailure = 75
    case noPermission = 77

    public init(_ kind: ExpenseError.Kind) {
        switch kind {
        case .usage: self = .usage
        case .invalidData: self = .dataError
        case .noInput, .notFound: self = .noInput
        case .unavailable: self = .unavailable
        case .refused: self = .failure
        case .permissionDenied: self = .noPermission
        case .cannotCreate: self = .cannotCreate
        case .io: self = .ioError
        case .busy, .changed: self = .temporaryFailure
        case .internal: self = .software
        }
    }
}
