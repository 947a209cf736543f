/// On a team database the store writes no table: each change is a call of one of the server's
/// functions (`PostgresSchema.functionLayer`), which checks who calls and what the domain allows,
/// as the store's own checks did before it. The store still checks first, so that a person is
/// told in the app's words; the server's refusal is for whatever else connects. Each function is
/// called through its declaration (`ServerWrites`), never by its name.
extension Store {
    /// True when writes go through the server's functions rather than SQL on the tables.
    var writesThroughFunctions: Bool { db.dialect == .postgresql }
}
