"""The one widget pattern: a *model* that holds and checks the state, and a thin *view* that shows it.

* A model is a :class:`WidgetModel` (``traitlets.HasTraits``, no ipywidgets): each piece of state is a
  trait; ``@validate`` checks it with an error naming the argument and its allowed range; ``@observe``
  keeps dependent traits in range (n is pulled onto a smaller board); everything shown is computed from
  the traits (properties, ``describe()``).  :meth:`WidgetModel.set` changes several traits at once, all or
  nothing, and ends with one bump of ``version``, the one trait a view watches.  Models are tested with
  no browser, no kernel and no ipywidgets.
* A view is a :class:`View` (or a :class:`FigureView`, which adds a matplotlib figure rendered to PNG and shown
  as a picture with its text alternative): it binds controls to model traits (:meth:`View.bind`), wires buttons to model
  actions (:meth:`View.on_click`) and redraws from the model after every change (``update``).  Every
  callback it wires runs through :meth:`View.guard`: an exception becomes a readable message in the view's
  error area (``.errors``), which stays until dismissed, instead of vanishing into a log.

>>> class Board(WidgetModel):
...     N = Integer(24, lo=2, hi=50)          # a fixed range: checked by the trait
...     n = Integer(4)                        # a range that depends on N: checked by @validate
...     @validate("n")
...     def _n_on_board(self, proposal):
...         return checked(check_int, proposal["value"], "n", 1, self.N)
>>> b = Board(N=8, n=3)
>>> b.set(n=9)
Traceback (most recent call last):
...
guesswho_lib.widgets.base.InvalidValue: n must be between 1 and 8, got 9
>>> b.n, b.version
(3, 1)
"""

from __future__ import annotations

import base64
import functools
import io
import logging
import time
import traceback

import traitlets
from traitlets import TraitError, observe, validate

from ..caches import bounded_lru_cache
from ..templating import render_macro
from ..rules import RULES, Rules, check_choice, check_flag, check_int, check_number, get_rules

__all__ = ["InvalidValue", "InvalidType", "checked", "check_int", "check_number", "Integer", "Number", "Choice",
           "Flag", "Names", "RuleSet", "rule_choices", "WidgetModel", "changes_state", "View", "FigureView",
           "FIGURE_CLASS", "FIGURE_IMAGE_CLASS", "figure_html", "observe", "validate"]

log = logging.getLogger(__name__)


# ---- errors and checks -------------------------------------------------------------------------------------
class InvalidValue(TraitError, ValueError):
    """A state value out of its allowed range (a ``ValueError`` that traitlets also knows)."""


class InvalidType(TraitError, TypeError):
    """A state value of the wrong type (a ``TypeError`` that traitlets also knows)."""


def checked(check, *args, **kwargs):
    """``check(*args, **kwargs)``, with its ValueError/TypeError turned into :class:`InvalidValue`/:class:`InvalidType`.

    >>> checked(check_int, 9, "n", 1, 8)
    Traceback (most recent call last):
    ...
    guesswho_lib.widgets.base.InvalidValue: n must be between 1 and 8, got 9
    """
    try:
        return check(*args, **kwargs)
    except TraitError:
        raise
    except TypeError as e:
        raise InvalidType(str(e)) from None
    except ValueError as e:
        raise InvalidValue(str(e)) from None


# ---- traitlets' own trait types, with the library's checks and messages -----------------------------------------
class Integer(traitlets.Int):
    """``traitlets.Int`` (its ``min`` and ``max`` are ``lo`` and ``hi``), checked by
    :func:`~guesswho_lib.rules.check_int`: bools, floats and strings are refused, naming the argument.  A range that
    depends on other traits is left out here and checked by the model's ``@validate``, so that its message gives the
    whole range."""

    def __init__(self, default_value=0, lo=None, hi=None, **kwargs):
        super().__init__(default_value, min=lo, max=hi, **kwargs)

    def validate(self, obj, value):
        return checked(check_int, value, self.name, self.min, self.max)


class Number(traitlets.Float):
    """``traitlets.Float`` (``min``, ``max``: ``lo``, ``hi``), checked by :func:`~guesswho_lib.rules.check_number`
    (a real number, not NaN, in range; else the model's ``@validate`` checks the range)."""

    def __init__(self, default_value=0.0, lo=None, hi=None, **kwargs):
        super().__init__(default_value, min=lo, max=hi, **kwargs)

    def validate(self, obj, value):
        return checked(check_number, value, self.name, float("-inf") if self.min is None else self.min,
                       float("inf") if self.max is None else self.max)


class Choice(traitlets.Enum):
    """``traitlets.Enum``: one of a fixed tuple of values (:func:`~guesswho_lib.rules.check_choice`)."""

    def __init__(self, choices, default_value=None, **kwargs):
        choices = tuple(choices)
        super().__init__(choices, choices[0] if default_value is None else default_value, **kwargs)

    def validate(self, obj, value):
        return checked(check_choice, value, self.name, self.values)


class Flag(traitlets.Bool):
    """``traitlets.Bool``, but True or False only (not 0, 1 or a string: :func:`~guesswho_lib.rules.check_flag`)."""

    def validate(self, obj, value):
        return checked(check_flag, value, self.name)


class Names(traitlets.Tuple):
    """``traitlets.Tuple`` of names (strings), given as any collection of strings but not as one string."""

    def __init__(self, default_value=(), **kwargs):
        super().__init__(default_value=tuple(default_value), **kwargs)

    def validate(self, obj, value):
        if isinstance(value, str):
            raise InvalidType(f"{self.name} must be a collection of names, not a single name {value!r}")
        if not hasattr(value, "__iter__"):
            raise InvalidType(f"{self.name} must be a collection of names, got {value!r}")
        value = tuple(value)
        for x in value:
            if not isinstance(x, str):
                raise InvalidType(f"{self.name} must hold names (strings), got {x!r}")
        return value


class RuleSet(traitlets.TraitType):
    """A rule set: a :class:`~guesswho_lib.rules.Rules` record, or the name of one in ``RULES``."""

    info_text = "a rule set"

    def __init__(self, default_value="official", **kwargs):
        super().__init__(get_rules(default_value), **kwargs)

    def validate(self, obj, value):
        return checked(get_rules, value)


def rule_choices(rules: Rules) -> dict:
    """Name -> rule set for a rules menu: every rule set of ``RULES``, plus ``rules`` if it is a custom one."""
    choices = dict(RULES)
    if choices.get(rules.name) != rules:
        choices[rules.name] = rules
    return choices


@bounded_lru_cache(256, "widget model trait names")          # one entry per model class
def _state_names(cls) -> tuple:
    names = []
    for klass in reversed(cls.__mro__):
        for key, value in vars(klass).items():
            if isinstance(value, traitlets.TraitType) and key != "version" and key not in names:
                names.append(key)
    return tuple(names)


# ---- the model ----------------------------------------------------------------------------------------------
class WidgetModel(traitlets.HasTraits):
    """Base of every widget model.

    State traits are checked in the order they are declared (declare a trait after those its range depends
    on).  Assigning one (``model.n = 5``) is ``model.set(n=5)``: after every change all state traits are
    checked again, so the model is never left in a state that its checks refuse; a refused change leaves
    the model as it was.  ``version`` goes up by one after every change (views watch it).
    """

    version = traitlets.Int(0, help="bumped once after every change of the state; what a view watches")

    _batch = 0    # > 0 while set() or an action is changing the state: no version bump per trait

    def __init__(self, **state):
        super().__init__()
        self.set(**state)

    # ---- the state ----
    @classmethod
    def state_names(cls) -> tuple:
        """The state traits, in the order they are declared (base classes first); ``version`` is not state."""
        return _state_names(cls)

    @property
    def state(self) -> dict:
        """Every state trait and its value."""
        return {name: getattr(self, name) for name in self.state_names()}

    def __setattr__(self, name, value):
        if self._batch == 0 and name in self.state_names():
            self.set(**{name: value})
        else:
            super().__setattr__(name, value)

    def set(self, **changes):
        """Change any state traits at once (checked against each other), then bump ``version``.  A refused
        change raises a clear error and leaves the model as it was.  Returns the model."""
        names = self.state_names()
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no setting {unknown[0]!r}; its settings are {', '.join(names)}")
        before = self.state
        self._batch += 1
        try:
            for name in names:                  # declared order: what a range depends on is set first
                if name in changes:
                    super().__setattr__(name, changes[name])
            for name in names:                  # then check everything against the final state
                super().__setattr__(name, getattr(self, name))
        except Exception:
            for name in names:                  # put back the last good state, in the same order
                super().__setattr__(name, before[name])
            raise
        finally:
            self._batch -= 1
        if self._batch == 0 and self.state != before:
            self.version += 1
        return self


def changes_state(method):
    """Decorator for a model method that changes the state in several steps (e.g. a move in a game): it
    runs as one change, and ``version`` is bumped once at the end, even if the method raises, so that a
    view shows what is."""
    @functools.wraps(method)
    def inner(self, *args, **kwargs):
        self._batch += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._batch -= 1
            if self._batch == 0:
                self.version += 1
    return inner


# ---- the view -------------------------------------------------------------------------------------------------
class View:
    """A thin view of a :class:`WidgetModel` (``.model``): controls bound to traits, an error area
    (``.error_box``, to be placed in ``.widget`` by the subclass), and ``update()`` after every change.

    A subclass builds its controls, calls :meth:`bind` / :meth:`on_click`, sets ``self.widget`` and calls
    :meth:`show`; it implements :meth:`update` (draw the model) and may implement :meth:`limits` (control
    ranges that follow the model, set before the values)."""

    max_errors_shown = 5

    def __init__(self, model: WidgetModel):
        import ipywidgets as W

        self.model = model
        self.errors = W.HTML()
        self.errors.add_class("gw-error")
        self.dismiss_button = W.Button(description="Dismiss", layout=W.Layout(width="90px"))
        self.dismiss_button.add_class("gw-error-dismiss")
        self.dismiss_button.on_click(lambda _b: self.clear_errors())
        self.error_box = W.HBox([self.errors, self.dismiss_button], layout=W.Layout(display="none"))
        self.error_messages: list[str] = []     # every error shown, oldest first (until dismissed)
        self.last_update_seconds = 0.0
        self._bound: list = []                  # (control, trait, to_control)
        self._pushing = False
        model.observe(self.guard(self._model_changed), names="version")

    # ---- wiring ----
    def bind(self, control, trait: str, to_control=None, from_control=None):
        """Two-way binding: the control shows ``model.<trait>`` (through ``to_control``) and a new control
        value is set on the model (through ``from_control``).  A value the model refuses is shown as an error
        and the control goes back to the model's value."""
        to_control = to_control or (lambda v: v)
        from_control = from_control or (lambda v: v)
        self._bound.append((control, trait, to_control))

        def changed(change):
            if self._pushing:
                return
            try:
                self.model.set(**{trait: from_control(change["new"])})
            except Exception:
                self.push()
                raise
        control.observe(self.guard(changed), names="value")

    def bind_all(self, *names: str):
        """Bind each control ``self.<name>`` to the model trait of the same name."""
        for name in names:
            self.bind(getattr(self, name), name)

    def rules_menu(self, trait: str = "rules", description: str = "rules"):
        """A menu of the rule sets (plus the model's own if it is a custom one), bound to ``model.<trait>``."""
        import ipywidgets as W

        choices = rule_choices(getattr(self.model, trait))
        menu = W.Dropdown(options=list(choices), value=getattr(self.model, trait).name, description=description)
        self.bind(menu, trait, to_control=lambda r: r.name, from_control=choices.__getitem__)
        return menu

    def on_click(self, button, action, *args):
        """Run ``action(*args)`` when ``button`` is clicked; an exception is shown in the error area."""
        button.on_click(self.guard(lambda _b: action(*args)))

    def guard(self, callback):
        """``callback`` wrapped so that an exception is shown in the error area (and, if it is not a refused
        value, also reported as a traceback to the notebook or the log) instead of vanishing."""
        @functools.wraps(callback)
        def guarded(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except Exception as exc:
                self.show_error(exc)
                return None
        return guarded

    # ---- errors ----
    def show_error(self, exc: BaseException):
        """Show ``exc`` as a readable message in the error area; it stays until dismissed.  A value the model
        refused is an answer to the user; anything else is also reported with its traceback."""
        if isinstance(exc, (ValueError, TypeError)):
            text = f"Not accepted: {exc}"
        else:
            text = (f"Something went wrong ({type(exc).__name__}: {exc}). The page kept its last state; "
                    f"please tell your teacher.")
        if not isinstance(exc, (InvalidValue, InvalidType)):
            _report(exc)
        self.error_messages.append(text)
        shown = self.error_messages[-self.max_errors_shown:]
        more = len(self.error_messages) - len(shown)
        self.errors.value = render_macro("widgets.html", "error_box", shown, more)
        self.error_box.layout.display = ""

    def clear_errors(self):
        self.error_messages.clear()
        self.errors.value = ""
        self.error_box.layout.display = "none"

    # ---- model -> view ----
    def limits(self):
        """Set control ranges that follow the model (before the values are pushed).  Default: nothing."""

    def push(self):
        """Copy the model's traits into the bound controls (their own callbacks do nothing meanwhile)."""
        self._pushing = True
        try:
            self.limits()
            for control, trait, to_control in self._bound:
                value = to_control(getattr(self.model, trait))
                if control.value != value:
                    control.value = value
        finally:
            self._pushing = False

    def _model_changed(self, _change=None):
        self.push()
        t0 = time.perf_counter()
        self.update()
        self.last_update_seconds = time.perf_counter() - t0

    def show(self):
        """First drawing (call at the end of the subclass's ``__init__``); an error is shown, not raised."""
        self.guard(self._model_changed)()

    def update(self):  # pragma: no cover - every view implements it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _report(exc: BaseException):
    """An unexpected error in a callback: a traceback in the notebook (as ipywidgets does), else in the log."""
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:
        shell = None
    if shell is not None:
        shell.showtraceback((type(exc), exc, exc.__traceback__))
    else:
        log.error("error in a widget callback:\n%s",
                  "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


#: The class of a figure view's picture widget, and of the ``<img>`` in it (for the website and the tests).
FIGURE_CLASS = "gw-figure"
FIGURE_IMAGE_CLASS = "gw-figure-image"


def figure_html(png: bytes, alt: str) -> str:
    """A PNG as an ``<img>`` with the text alternative ``alt`` (the picture inlined as a data address).

    >>> figure_html(b"PNG", 'a "heat" map')
    '<img class="gw-figure-image" alt="a &#34;heat&#34; map" src="data:image/png;base64,UE5H">'
    """
    return render_macro("widgets.html", "figure", FIGURE_IMAGE_CLASS, alt, base64.b64encode(png).decode("ascii"))


class FigureView(View):
    """A view with one matplotlib figure, rendered to PNG (``.png``) and shown in ``.image`` as an ``<img>`` whose
    ``alt`` is the text a screen reader reads: the figure's description
    (:func:`~guesswho_lib.plots.describe.describe_figure`: its plots, axes and legends), then what it shows now
    (:meth:`picture_words`: the state it is drawn for), so that the text changes whenever the picture does.
    ``.image`` is an ``ipywidgets.HTML`` (class :data:`FIGURE_CLASS`): ``ipywidgets.Image`` has no text
    alternative, and a tooltip set on it stops its view from being drawn in JupyterLab.  It works in
    JupyterLab, Notebook 7, Colab and Binder without a matplotlib widget backend.

    The layout is computed on the first render only (constrained layout costs as much as drawing), then
    frozen, unless ``relayout`` is True.  ``overlay`` artists (e.g. a marker) are drawn over a saved
    background, so that :meth:`render_overlay` only redraws them (blitting)."""

    relayout = False

    def __init__(self, model: WidgetModel, figsize=(5.2, 4.4), dpi=72):
        import ipywidgets as W
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        super().__init__(model)
        self.fig = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        FigureCanvasAgg(self.fig)
        self.image = W.HTML()
        self.image.add_class(FIGURE_CLASS)
        self.png = b""                          # the last picture drawn
        self._layout_frozen = False
        self._background = None

    def lay_out(self, controls, below=()):
        """The usual page: the error area, then the ``controls`` in a column beside the picture, then ``below``;
        then the first drawing."""
        import ipywidgets as W

        self.widget = W.VBox([self.error_box, W.HBox([W.VBox(list(controls)), self.image]), *below])
        self.show()

    def picture_words(self) -> str:
        """What the picture shows now, in plain words (no HTML, no LaTeX), beyond what its plots are: the state it
        is drawn for and what marks it, for its text alternative.  Every figure view of the library says it."""
        return ""

    def render(self, overlay=()):
        """Draw the figure and show its PNG."""
        canvas = self.fig.canvas
        for a in overlay:
            a.set_visible(False)
        canvas.draw()
        if not self.relayout and not self._layout_frozen and self.fig.get_layout_engine() is not None:
            self.fig.set_layout_engine("none")
            self._layout_frozen = True
        self._background = canvas.copy_from_bbox(self.fig.bbox) if overlay else None
        for a in overlay:
            a.set_visible(True)
            a.axes.draw_artist(a)
        self._encode()

    def render_overlay(self, overlay):
        """Redraw only the ``overlay`` artists over the background saved by :meth:`render`."""
        if self._background is None:
            return self.render(overlay)
        self.fig.canvas.restore_region(self._background)
        for a in overlay:
            a.axes.draw_artist(a)
        self._encode()

    def _encode(self):
        from PIL import Image

        from ..plots.describe import describe_figure

        canvas = self.fig.canvas
        buf = io.BytesIO()
        Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba()).save(
            buf, format="png", compress_level=1)
        self.png = buf.getvalue()
        words = self.picture_words()
        self.image.value = figure_html(self.png, describe_figure(self.fig) + (" " + words if words else ""))
