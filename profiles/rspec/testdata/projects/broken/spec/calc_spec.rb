require_relative "../lib/calc"

RSpec.describe Calculator do
  it "divides" do
    expect(Calculator.new.divide(6, 3)).to eq(2)
  end
end
