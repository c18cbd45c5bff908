"""Errors raised by the rules engine."""


class RulesError(Exception):
    """Base class of every error the rules engine raises."""


class InvalidRulesError(RulesError, ValueError):
    """A ruleset has an unknown option or a value outside what the option allows."""


class IllegalActionError(RulesError):
    """An action that the rules do not allow in this state; the state is left unchanged."""


class MalformedError(RulesError, ValueError):
    """Text that does not parse as a card, call or strain."""
