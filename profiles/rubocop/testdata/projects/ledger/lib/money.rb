# frozen_string_literal: true

# Money in minor units, to keep floating point out of the ledger.
module Money
  def self.parse(text)
    units, cents = text.split(".")
    cents = (cents || "0").ljust(2, "0")
    Integer(units) * 100 + Integer(cents)
  end

  def self.format(minor)
    sign = minor < 0 ? "-" : ""
    minor = minor.abs
    "#{sign}#{minor / 100}.#{(minor % 100).to_s.rjust(2, '0')}"
  end

  def self.rate(amount, percent)
    if percent = 0
      return amount
    end
    amount * percent / 100
  end
end
