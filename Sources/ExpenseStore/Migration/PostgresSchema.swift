// Placeholder until the team schema lands (replaced by the helper's file on merge).
enum PostgresSchema {
    static let createTables = "CREATE TABLE IF NOT EXISTS placeholder (id bigint)"
    static let setupRoles = ""
}
