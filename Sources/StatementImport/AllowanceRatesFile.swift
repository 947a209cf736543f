import ExpenseCore
import ExpenseSupport
import StatementReading

#if canImport(Glibc)
import Glibc
#endif

/// A per-diem rate table on disk (`allowance rates import FILE`): read whole, at most
/// `AllowanceRatesCSV.maximumBytes`, by StatementReading's `AllowanceRatesCSV`.
public enum AllowanceRatesFile {
    /// The file's rows, in file order; errors are located `FILE:LINE`.
    public static func read(_ input: InputFile) throws(ExpenseError) -> [AllowanceRatesCSV.Row] {
        let limit = AllowanceRatesCSV.maximumBytes
        switch FileDescriptor.readAll(input.descriptor, limit: limit) {
        case .success(let bytes):
            return try AllowanceRatesCSV.read(bytes, file: input.path)
        case .failure(.system(let code)):
            throw ExpenseError(.io, "cannot read \(input.path): \(String(cString: strerror(code)))")
        case .failure(.tooLarge):
            throw ExpenseError(.invalidData, "\(input.path) is larger than \(limit >> 20) MiB, more than an allowance table holds")
        }
    }
}
