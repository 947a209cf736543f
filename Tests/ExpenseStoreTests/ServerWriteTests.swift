import ExpenseSupport
import XCTest

@testable import ExpenseStore

/// A server write's signature is made from its declaration, and every function a member may
/// call is declared: the schema and the store cannot call one function two ways.
final class ServerWriteDeclarationTests: XCTestCase {
    func testTheSignatureIsMadeFromTheSwiftTypes() {
        let write = ServerWrite(
            "echo", ("p_flag", Bool.self), ("p_count", Int64.self), ("p_text", String?.self), ("p_bytes", [UInt8].self),
            returns: Int64.self)
        XCTAssertEqual(write.parameterList, "p_flag boolean, p_count bigint, p_text text, p_bytes bytea")
        XCTAssertEqual(write.returns, "bigint")
        XCTAssertEqual(ServerWrite("nothing", returns: NoResult.self).parameterList, "")
        XCTAssertEqual(ServerWrites.receiptAttach.returns, "boolean")
        XCTAssertEqual(ServerWrites.sessionClose.returns, "void")
    }

    func testEveryFunctionAMemberMayCallIsDeclaredAndMadeFromItsDeclaration() {
        let declared = Set(ServerWrites.all.map { "\($0.name)(\($0.parameterList)) \($0.returns)" })
        let layer = PostgresSchema.serverFunctions.map { "\($0.name)(\($0.parameters)) \($0.returns)" }
        let callable = PostgresSchema.serverFunctions.filter { !$0.callers.isEmpty }.map { "\($0.name)(\($0.parameters)) \($0.returns)" }
        XCTAssertEqual(callable.filter { !declared.contains($0) }, [], "functions members may call that ServerWrites does not declare")
        XCTAssertEqual(declared.subtracting(layer).sorted(), [], "declared writes the schema does not make")
        for function in PostgresSchema.serverFunctions where !function.callers.isEmpty {
            XCTAssertTrue(function.sql.contains("GRANT EXECUTE ON FUNCTION expenses.\(function.name)(\(function.parameters)) TO "))
        }
    }
}

/// The values a call binds are read by the server as the types the signature declares.
final class ServerWriteBindingTests: PostgresTestCase {
    func testEachSwiftTypeIsBoundAsItsSQLType() throws {
        try expectSuccess(
            sql(
                Self.admin,
                """
                CREATE FUNCTION expenses.echo(p_flag boolean, p_count bigint, p_text text, p_bytes bytea) RETURNS bigint
                LANGUAGE sql AS $$
                    SELECT CASE WHEN p_flag THEN p_count * 1000 + coalesce(length(p_text), 99) * 10 + length(p_bytes) ELSE -1 END
                $$;
                """))
        let echo = ServerWrite(
            "echo", ("p_flag", Bool.self), ("p_count", Int64.self), ("p_text", String?.self), ("p_bytes", [UInt8].self),
            returns: Int64.self)
        let admin = try PostgresDatabase(cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database))
        XCTAssertEqual(try echo.call(on: admin, true, 42, "abc", [0, 255]), 42_032)
        XCTAssertEqual(try echo.call(on: admin, true, 7, nil, [1]), 7_991)
        XCTAssertEqual(try echo.call(on: admin, false, 7, "abc", [1]), -1)
    }
}
