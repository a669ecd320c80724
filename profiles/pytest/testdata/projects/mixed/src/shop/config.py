"""Config parsing with a bug in the value handling."""


class ConfigError(Exception):
    """The configuration could not be read."""


def _split(line):
    key, _, value = line.partition("=")
    return key.strip(), (value or None).strip()


def parse_lines(text):
    return dict(_split(line) for line in text.splitlines() if line)


def load(text):
    try:
        return parse_lines(text)
    except AttributeError as exc:
        raise ConfigError("config line without a value") from exc
