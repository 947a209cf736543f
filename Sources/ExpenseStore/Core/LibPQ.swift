import CLibPQ
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// libpq's functions the store calls, found in libpq.so.5 when a team database is first opened
/// (`pq`). Linked instead, libpq and the two dozen libraries it brings (TLS, Kerberos, LDAP)
/// loaded at the start of every command, a file's too: about 5 ms of each one-shot command and
/// quick action. A machine without libpq still runs every command on a file.
struct LibPQ {
    let connectdbParams: expenses_PQconnectdbParams
    let status: expenses_PQstatus
    let finish: expenses_PQfinish
    let serverVersion: expenses_PQserverVersion
    let setNoticeReceiver: expenses_PQsetNoticeReceiver
    let errorMessage: expenses_PQerrorMessage
    let connectionNeedsPassword: expenses_PQconnectionNeedsPassword
    let exec: expenses_PQexec
    let execParams: expenses_PQexecParams
    let sendQueryParams: expenses_PQsendQueryParams
    let resultStatus: expenses_PQresultStatus
    let cmdTuples: expenses_PQcmdTuples
    let resultErrorField: expenses_PQresultErrorField
    let resultErrorMessage: expenses_PQresultErrorMessage
    let putCopyData: expenses_PQputCopyData
    let putCopyEnd: expenses_PQputCopyEnd
    let getResult: expenses_PQgetResult
    let transactionStatus: expenses_PQtransactionStatus
    let clear: expenses_PQclear
    let socket: expenses_PQsocket
    let consumeInput: expenses_PQconsumeInput
    let notifies: expenses_PQnotifies
    let freemem: expenses_PQfreemem
    let ntuples: expenses_PQntuples
    let nfields: expenses_PQnfields
    let fname: expenses_PQfname
    let getvalue: expenses_PQgetvalue
    let getlength: expenses_PQgetlength
    let getisnull: expenses_PQgetisnull
    let ftype: expenses_PQftype

    /// libpq as this process loaded it, or why it could not: loaded once, on first use.
    static let loaded = Result<LibPQ, ExpenseError> { () throws(ExpenseError) in try LibPQ(library: "libpq.so.5") }

    /// Opens `library` and finds every function; refused (69) when either is missing.
    init(library name: String) throws(ExpenseError) {
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw ExpenseError(
                .unavailable,
                "a team database needs libpq, PostgreSQL's client library: "
                    + (dlerror().map { String(cString: $0) } ?? name),
                hint: "install it (Debian: apt-get install libpq5), or use a database file")
        }
        connectdbParams = try Self.function("PQconnectdbParams", in: library)
        status = try Self.function("PQstatus", in: library)
        finish = try Self.function("PQfinish", in: library)
        serverVersion = try Self.function("PQserverVersion", in: library)
        setNoticeReceiver = try Self.function("PQsetNoticeReceiver", in: library)
        errorMessage = try Self.function("PQerrorMessage", in: library)
        connectionNeedsPassword = try Self.function("PQconnectionNeedsPassword", in: library)
        exec = try Self.function("PQexec", in: library)
        execParams = try Self.function("PQexecParams", in: library)
        sendQueryParams = try Self.function("PQsendQueryParams", in: library)
        resultStatus = try Self.function("PQresultStatus", in: library)
        cmdTuples = try Self.function("PQcmdTuples", in: library)
        resultErrorField = try Self.function("PQresultErrorField", in: library)
        resultErrorMessage = try Self.function("PQresultErrorMessage", in: library)
        putCopyData = try Self.function("PQputCopyData", in: library)
        putCopyEnd = try Self.function("PQputCopyEnd", in: library)
        getResult = try Self.function("PQgetResult", in: library)
        transactionStatus = try Self.function("PQtransactionStatus", in: library)
        clear = try Self.function("PQclear", in: library)
        socket = try Self.function("PQsocket", in: library)
        consumeInput = try Self.function("PQconsumeInput", in: library)
        notifies = try Self.function("PQnotifies", in: library)
        freemem = try Self.function("PQfreemem", in: library)
        ntuples = try Self.function("PQntuples", in: library)
        nfields = try Self.function("PQnfields", in: library)
        fname = try Self.function("PQfname", in: library)
        getvalue = try Self.function("PQgetvalue", in: library)
        getlength = try Self.function("PQgetlength", in: library)
        getisnull = try Self.function("PQgetisnull", in: library)
        ftype = try Self.function("PQftype", in: library)
    }

    private static func function<F>(_ name: String, in library: UnsafeMutableRawPointer) throws(ExpenseError) -> F {
        guard let address = dlsym(library, name) else {
            throw ExpenseError(
                .unavailable, "the libpq found has no \(name): it is older than expenses needs",
                hint: "install PostgreSQL 14's libpq or later (Debian: libpq5)")
        }
        return unsafeBitCast(address, to: F.self)
    }
}

/// libpq's functions, once a team database was opened (`PostgresDatabase` loads them first).
var pq: LibPQ {
    guard case .success(let library) = LibPQ.loaded else { preconditionFailure("libpq is called before a team database was opened") }
    return library
}
