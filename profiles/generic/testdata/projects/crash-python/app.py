"""Parses a record list; one record has a bad date, which fails deep in the
standard library."""
import datetime
import json


def parse_record(rec):
    return {"name": rec["name"], "born": datetime.datetime.strptime(rec["born"], "%Y-%m-%d")}


def load(text):
    return [parse_record(r) for r in json.loads(text)]


if __name__ == "__main__":
    print("loading 3 records")
    load('[{"name": "ada", "born": "1815-12-10"}, {"name": "grace", "born": "1906-13-09"}]')
