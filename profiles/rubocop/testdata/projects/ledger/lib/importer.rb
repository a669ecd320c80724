# frozen_string_literal: true

require_relative 'ledger'
require_relative 'money'

# Reads postings from CSV lines: debit,credit,amount.
class Importer
  def initialize(ledger)
    @ledger = ledger
  end

  def import(lines)
    lines.each_with_index do |line, i|
      debit, credit, amount = line.split(',')
      @ledger.post(debit, credit, Money.parse(amount)
    end
  end
end
