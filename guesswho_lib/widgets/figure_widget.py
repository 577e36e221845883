"""A figure-and-controls widget base (to be replaced by the model/view pattern of widgets.base).
"""

from __future__ import annotations




__all__ = ["FigureWidget"]



# -------------------------------------------------------------------------------------------
# Widgets: state computed by the functions above, view = ipywidgets controls + a matplotlib Figure
# ----------------------------------------------------------------------------------------------


class FigureWidget:
    """Common plumbing: controls in ``self.controls``, a Figure ``self.fig`` with axes ``self.ax``,
    an HTML read-out, and ``update()`` on every change of a control's value."""

    figsize = (6, 4)
    state: dict

    def _setup(self, controls, with_figure: bool = True, layout=None):
        """``controls``: the value widgets to observe; ``layout``: how to arrange them (default a row)."""
        import ipywidgets as w

        self.controls = list(controls)
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.fig = self.ax = None
        self.artists = []
        if with_figure:
            from matplotlib.figure import Figure

            self.fig = Figure(figsize=self.figsize, layout="constrained")
            self.ax = self.fig.add_subplot()
        for c in self.controls:
            c.observe(lambda change: self.update(), names="value")
        parts = [layout if layout is not None else w.HBox(self.controls), self.html]
        parts += [self.image] if with_figure else []
        self.widget = w.VBox(parts)
        self.update()

    def update(self):
        """Recompute the state from the controls, then redraw the read-out and the figure."""
        self.state = self.compute()
        self.html.value = self.describe()
        if self.fig is not None:
            self.ax.clear()
            self.artists = self.draw(self.ax)
            import io

            buf = io.BytesIO()
            self.fig.savefig(buf, format="png", dpi=90)
            self.image.value = buf.getvalue()  # the view: a PNG, so it also works in voila

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def draw(self, ax):  # pragma: no cover - overridden
        return []


