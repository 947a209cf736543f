import ExpenseTestSupport

// What the end-to-end suites share with the in-process ones (ExpenseTestSupport), named here
// once so that a suite's file needs no import of its own for it.
typealias Tool = ExpenseTestSupport.Tool
typealias MissingTool = ExpenseTestSupport.MissingTool
typealias ServerEngine = ExpenseTestSupport.ServerEngine
typealias ReceiptSamples = ExpenseTestSupport.ReceiptSamples
typealias DesktopEntryValidation = ExpenseTestSupport.DesktopEntryValidation
typealias Browser = ExpenseTestSupport.Browser
typealias CommandResult = ExpenseTestSupport.CommandResult
typealias AppRunner = ExpenseTestSupport.AppRunner
