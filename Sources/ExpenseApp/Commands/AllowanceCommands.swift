/// `allowance ...`: what a trip is owed by rule rather than by receipt: per diems and mileage.
enum AllowanceCommands {
    static let all: [CommandSpec] = mileage
}
