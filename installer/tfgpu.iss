; Inno Setup script: a per-user installer for the one-folder app (dist\tfgpu from installer\build.py).
; Compile with installer\build.py --installer, or by hand:
;   ISCC.exe /DAppVersion=0.1.0 /DSourceDir=dist\tfgpu /DOutputDir=dist installer\tfgpu.iss
; The version comes from the package (core/version.py) through /DAppVersion; build.py passes it.

#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=X.Y.Z (installer\build.py --installer does)
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\tfgpu"
#endif
#ifndef OutputDir
  #define OutputDir "..\dist"
#endif

[Setup]
AppId={{6F1B2C4E-8E2A-4C57-9B7E-3D0F5A1C9E21}
AppName=TF GPU Assistant
AppVersion={#AppVersion}
AppVerName=TF GPU Assistant {#AppVersion}
AppPublisher=tfgpu developers
DefaultDirName={autopf}\TF GPU Assistant
DefaultGroupName=TF GPU Assistant
DisableProgramGroupPage=yes
; Per user, no admin rights: installs under %LOCALAPPDATA%\Programs, Start menu of this user.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=tfgpu-assistant-setup-{#AppVersion}
UninstallDisplayIcon={app}\tfgpu-assistant.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\TF GPU Assistant"; Filename: "{app}\tfgpu-assistant.exe"
Name: "{group}\Uninstall TF GPU Assistant"; Filename: "{uninstallexe}"
Name: "{autodesktop}\TF GPU Assistant"; Filename: "{app}\tfgpu-assistant.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tfgpu-assistant.exe"; Description: "{cm:LaunchProgram,TF GPU Assistant}"; Flags: nowait postinstall skipifsilent
