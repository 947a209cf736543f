/// Where a descending order puts NULL: SQLite puts it last by itself, PostgreSQL first unless
/// told. A fragment for after `DESC`, so that a listing reads alike on both engines.
extension SQLDialect {
    var nullsLast: SQL { self == .postgresql ? " NULLS LAST" : "" }
}
