require_relative "../lib/calc"

RSpec.describe Ledger do
  it "totals" do
    expect(Ledger.new.add(1).total).to eq(1
  end
end
