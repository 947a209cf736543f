import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class CategoryTests: XCTestCase {
    func testEveryLineOfTheBundledCSVBecomesACategory() {
        let csv = String(decoding: PackageResources.categories_csv, as: UTF8.self)
        let dataLines = csv.split(separator: "\n").dropFirst().filter { !$0.trimmingSpaces.isEmpty }
        XCTAssertGreaterThanOrEqual(Category.defaults.count, 10)
        XCTAssertEqual(Category.defaults.count, dataLines.count)
    }

    func testTheUsualTravelCategoriesAreThere() {
        let codes = Set(Category.defaults.map(\.code))
        for code in ["lodging", "meals", "taxi", "airfare", "rail", "car_rental", "mileage", "per_diem", "other"] {
            XCTAssertTrue(codes.contains(code), code)
        }
    }

    func testCodesAreUniqueLowercaseIdentifiers() {
        let codes = Category.defaults.map(\.code)
        XCTAssertEqual(Set(codes).count, codes.count)
        for code in codes {
            // The schema's CHECK: GLOB '[a-z]*' and nothing but [a-z0-9_].
            XCTAssertTrue(code.first.map { ("a"..."z").contains($0) } ?? false, code)
            XCTAssertTrue(code.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }, code)
        }
        for category in Category.defaults {
            XCTAssertFalse(category.name.trimmingSpaces.isEmpty, category.code)
        }
    }

    func testPolicyAmountsAreReadInTheirCurrency() throws {
        let byCode = Dictionary(uniqueKeysWithValues: Category.defaults.map { ($0.code, $0) })
        let eur = try currency("EUR")
        let meals = try XCTUnwrap(byCode["meals"])
        XCTAssertEqual(meals.name, "Meals")
        XCTAssertEqual(meals.receiptRequiredAbove, Money(minorUnits: 2500, currency: eur))
        XCTAssertEqual(meals.dailyLimit, Money(minorUnits: 8000, currency: eur))
        let lodging = try XCTUnwrap(byCode["lodging"])
        XCTAssertEqual(lodging.receiptRequiredAbove, Money(minorUnits: 0, currency: eur))
        XCTAssertEqual(lodging.dailyLimit, Money(minorUnits: 25000, currency: eur))
        let airfare = try XCTUnwrap(byCode["airfare"])
        XCTAssertEqual(airfare.receiptRequiredAbove?.minorUnits, 0)
        XCTAssertNil(airfare.dailyLimit)
        let mileage = try XCTUnwrap(byCode["mileage"])
        XCTAssertNil(mileage.receiptRequiredAbove)
        XCTAssertNil(mileage.dailyLimit)
    }

    func testNoPolicyAmountIsNegative() {
        for category in Category.defaults {
            XCTAssertGreaterThanOrEqual(category.receiptRequiredAbove?.minorUnits ?? 0, 0, category.code)
            XCTAssertGreaterThan(category.dailyLimit?.minorUnits ?? 1, 0, category.code)
        }
    }
}
