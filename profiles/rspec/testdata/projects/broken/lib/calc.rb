# A small calculator with bugs put in for the captures.
class Calculator
  def add(a, b)
    a + b + 1 # bug: off by one
  end

  def divide(a, b)
    a / b
  end

  def mean(values)
    values.sum / values.size
  end
end

class Ledger
  def initialize
    @entries = []
  end

  def add(amount)
    @entries << amount.abs # bug: drops the sign
    self
  end

  def total
    @entries.sum
  end

  def names
    @entries.map(&:name) # bug: amounts have no name
  end
end
