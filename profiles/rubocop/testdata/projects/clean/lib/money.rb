# frozen_string_literal: true

# Money in minor units, to keep floating point out of the ledger.
module Money
  def self.parse(text)
    units, cents = text.split('.')
    cents = (cents || '0').ljust(2, '0')
    (Integer(units) * 100) + Integer(cents)
  end
end
