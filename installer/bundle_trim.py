"""What the one-folder app leaves out (used by tfgpu.spec; tested by tests/test_installer.py).

The app uses QtCore, QtGui, QtWidgets and QtSvg (its icons). pyqtgraph also tries QtOpenGLWidgets and
QtTest when it loads, but takes their absence (FailedImport) and the app never asks it for OpenGL: they
stay out, with everything else of Qt, TensorFlow (the app diagnoses the user's Pythons, it never imports
TF) and the usual heavy hangers-on.
"""

from __future__ import annotations

import re

QT_MODULES_USED = ("QtCore", "QtGui", "QtWidgets", "QtSvg")
_QT_UNUSED = ("QtOpenGL", "QtOpenGLWidgets", "QtTest",
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender", "QtAxContainer",
    "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization", "QtDBus", "QtDesigner", "QtGraphs",
    "QtHelp", "QtHttpServer", "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetwork", "QtNetworkAuth",
    "QtNfc", "QtPdf", "QtPdfWidgets", "QtPositioning", "QtPrintSupport", "QtQml", "QtQuick", "QtQuick3D",
    "QtQuickControls2", "QtQuickWidgets", "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus",
    "QtSerialPort", "QtSpatialAudio", "QtSql", "QtStateMachine", "QtSvgWidgets", "QtTextToSpeech", "QtUiTools",
    "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick", "QtWebEngineWidgets", "QtWebSockets", "QtWebView",
    "QtXml",
)
EXCLUDED_MODULES = [f"PySide6.{name}" for name in _QT_UNUSED] + [
    "tensorflow", "keras", "tkinter", "_tkinter", "matplotlib", "IPython", "scipy", "pandas", "PyQt5", "PyQt6",
    "pytest", "hypothesis", "setuptools", "pip", "ruff", "mypy", "importlinter", "OpenGL", "h5py",
]

# Qt libraries and plugins that only the left-out modules (or platforms we do not run on) need.
_DROP_BINARY = re.compile(
    r"(?i)(qt6(quick|qml|pdf|network|virtualkeyboard|webengine|multimedia|3d|charts|datavis|sql|positioning|"
    r"location|sensors|serialport|bluetooth|nfc|remoteobjects|scxml|texttospeech|designer|help|httpserver|"
    r"websockets|webchannel|webview|graphs|spatialaudio|statemachine|uitools|printsupport|wayland|wlshell|eglfs|"
    r"opengl|test)"
    r"|[/\\]plugins[/\\](qmltooling|sqldrivers|multimedia|position|sensors|webview|networkinformation|tls|"
    r"virtualkeyboard|platforminputcontexts|egldeviceintegrations|wayland-|geometryloaders|sceneparsers|"
    r"renderers|texttospeech|canbus|designer|printsupport|qmllint|platformthemes[/\\]libqgtk3)"
    r"|[/\\]platforms[/\\](libqeglfs|libqlinuxfb|libqminimalegl|libqvkkhrdisplay|libqvnc|libqwayland|qdirect2d)"
    r"|[/\\]qml[/\\]"
    # Linux: what only the GTK3 theme plugin pulled in (Qt draws its own widgets)
    r"|[/\\]lib(gtk-3|gdk-3|gdk_pixbuf|cairo|pango|atk|atk-bridge|atspi|epoxy|fribidi|thai|datrie|pixman|"
    r"graphite2|harfbuzz)[-.\w]*\.so)"
)
# Qt's own translations: only the languages the app speaks (English needs none).
_DROP_DATA = re.compile(r"(?i)[/\\]translations[/\\](?!qtbase_zh_CN\.qm$)[^/\\]+\.qm$|[/\\]qml[/\\]"
                        r"|^/(tensorflow|keras|h5py)[-\w.]*\.dist-info[/\\]")


def keep_binary(dest: str) -> bool:
    return not _DROP_BINARY.search("/" + dest.replace("\\", "/"))


def keep_data(dest: str) -> bool:
    return not _DROP_DATA.search("/" + dest.replace("\\", "/"))
