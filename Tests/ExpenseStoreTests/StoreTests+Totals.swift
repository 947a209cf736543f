import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

extension StoreTests {
    // MARK: - Kept counts and totals

    func testCountsAndTotalsFollowInsertMoveChangeAndDelete() throws {
        let a = try newReport("A")
        let b = try newReport("B", currency: "USD")
        var i1 = try newExpense("10.00", in: a)
        var i2 = try newExpense("20.00", in: a)
        var i3 = try newExpense("30.00", in: a)
        var loose = try newExpense("4.00")
        XCTAssertEqual(try counts(a).items, 3)
        XCTAssertEqual(try counts(a).total, 6000)
        XCTAssertEqual(try counts(b).items, 0)
        try assertTotalsMatchItems()

        // Move i2 from A to B, converted into USD.
        i2.reportID = b.id
        i2.conversion = try Expense.Conversion.of(
            i2.amount, on: i2.date, into: b.currency,
            manualRate: try ExchangeRate.parse("1.1"), rates: nil)
        try store.updateExpense(i2)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 4000)
        XCTAssertEqual(try counts(b).items, 1)
        XCTAssertEqual(try counts(b).total, 2200)
        XCTAssertEqual(try store.report(b.id).total, try money("22.00", "USD"))
        try assertTotalsMatchItems()

        // Change i1's amount.
        i1.amount = try money("15.00", "EUR")
        i1.conversion?.converted = i1.amount
        try store.updateExpense(i1)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 4500)
        try assertTotalsMatchItems()

        // Change only the merchant: nothing moves.
        i1.merchant = "Elsewhere"
        try store.updateExpense(i1)
        XCTAssertEqual(try counts(a).total, 4500)
        try assertTotalsMatchItems()

        // Take i3 out of A.
        i3.reportID = nil
        i3.conversion = nil
        try store.updateExpense(i3)
        XCTAssertEqual(try counts(a).items, 1)
        XCTAssertEqual(try counts(a).total, 1500)
        try assertTotalsMatchItems()

        // Put the loose item into A.
        loose.reportID = a.id
        loose.conversion = try Expense.Conversion.of(loose.amount, on: loose.date, into: a.currency, manualRate: nil, rates: nil)
        try store.updateExpense(loose)
        XCTAssertEqual(try counts(a).items, 2)
        XCTAssertEqual(try counts(a).total, 1900)
        try assertTotalsMatchItems()

        // Delete.
        try store.deleteExpense(i1.id)
        try store.deleteExpense(i2.id)
        XCTAssertEqual(try counts(a).items, 1)
        XCTAssertEqual(try counts(a).total, 400)
        XCTAssertEqual(try counts(b).items, 0)
        XCTAssertEqual(try counts(b).total, 0)
        try store.deleteExpense(i3.id)  // unassigned: no report changes
        XCTAssertEqual(try counts(a).items, 1)
        try assertTotalsMatchItems()
    }

    func testCountsAndTotalsStayRightOverManyRandomChanges() throws {
        let reports = try ["A", "B", "C"].map { try newReport($0, currency: $0 == "C" ? "JPY" : "EUR") }
        var random = SeededRandom(seed: 2026)
        func anyReport() -> Report? { random.next(4) < 3 ? reports[random.next(3)] : nil }
        func rate(into report: Report?) -> String? {
            guard let report, report.currency.code != "EUR" else { return nil }  // the items are in EUR
            return "162.5"
        }
        var ids: [Int64] = []
        for step in 0..<300 {
            switch ids.isEmpty ? 0 : random.next(4) {
            case 0:
                let target = anyReport()
                ids.append(
                    try newExpense(
                        "\(random.next(500) + 1).\(random.next(90) + 10)", in: target,
                        rate: rate(into: target)
                    ).id)
            case 1:
                var item = try store.expense(ids[random.next(ids.count)])
                let target = anyReport()
                let amount = item.amount
                let day = item.date
                let conversion = try target.map {
                    try Expense.Conversion.of(
                        amount, on: day, into: $0.currency,
                        manualRate: try rate(into: $0).map(ExchangeRate.parse), rates: nil)
                }
                item.reportID = target?.id
                item.conversion = conversion
                try store.updateExpense(item)
            case 2:
                var item = try store.expense(ids[random.next(ids.count)])
                item.amount.minorUnits = Int64(random.next(100_000) + 1)
                if let conversion = item.conversion {
                    item.conversion?.converted = try conversion.rate.convert(item.amount, to: conversion.converted.currency)
                }
                try store.updateExpense(item)
            default:
                try store.deleteExpense(ids.remove(at: random.next(ids.count)))
            }
            if step % 25 == 0 { try assertTotalsMatchItems() }
        }
        try assertTotalsMatchItems()
        let assigned = try store.expenses(.all).filter { $0.reportID != nil }.count
        XCTAssertGreaterThan(assigned, 0)
        XCTAssertEqual(try reports.map { try counts($0).items }.reduce(0, +), assigned)
        XCTAssertEqual(try store.expenses(.all).count, ids.count)
    }
}
