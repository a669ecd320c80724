# frozen_string_literal: true

# A small double-entry ledger: accounts, postings and a trial balance.
class Ledger
  attr_reader :accounts

  def initialize
    @accounts = Hash.new(0)
    @postings = []
  end

  def post(debit, credit, amount)
    raise ArgumentError, "amount must be positive" if amount <= 0
    total = amount
    @accounts[debit] += amount
    @accounts[credit] -= amount
    @postings << [debit, credit, amount]
  end

  def balance(account)
    @accounts.fetch(account) { 0 }
  end

  def trial_balance
    sum = 0
    @accounts.each do |name, value|
      sum += value
    end
    sum == 0
  end

  def report
    lines = []
    @accounts.sort.each do |name, value|
      lines << "%-20s %10.2f" % [name, value]
    end
    lines.join("\n")
  end
end
