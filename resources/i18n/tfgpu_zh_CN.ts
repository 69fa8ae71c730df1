<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ScanView</name>
    <message>
        <location filename="../../gui/scan_view.py" line="54"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="55"/>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="56"/>
        <source>Problem</source>
        <translation>有问题</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="57"/>
        <source>Not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="63"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="64"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="64"/>
        <location filename="../../gui/scan_view.py" line="213"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="84"/>
        <source>TensorFlow in {python}</source>
        <translation>{python} 中的 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="73"/>
        <source>Operating system</source>
        <extracomment>The scan steps that have a section of their own, in the page&apos;s order.</extracomment>
        <translation>操作系统</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="74"/>
        <source>NVIDIA driver and GPUs</source>
        <translation>NVIDIA 驱动和显卡</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="75"/>
        <source>CUDA toolkits</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="76"/>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="86"/>
        <source>Python environments</source>
        <translation>Python 环境</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="106"/>
        <source>Not supported on this system</source>
        <translation>此系统不支持</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="114"/>
        <source>What to do</source>
        <translation>怎么做</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="115"/>
        <source>Error</source>
        <translation>错误信息</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="116"/>
        <source>Reason code</source>
        <translation>原因代码</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="119"/>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="120"/>
        <source>how this was found ({n})</source>
        <translation>检测依据（{n} 条）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="135"/>
        <source>Unknown system</source>
        <translation>未知系统</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="137"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="138"/>
        <source>Build</source>
        <translation>内部版本号</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="139"/>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="142"/>
        <source>Running inside WSL</source>
        <translation>运行在 WSL 中</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="143"/>
        <source>yes, WSL {n}</source>
        <translation>是，WSL {n}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="145"/>
        <source>GPU passed through to WSL</source>
        <translation>显卡已直通到 WSL</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="147"/>
        <source>WSL installed</source>
        <translation>已安装 WSL</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="149"/>
        <source> (default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="151"/>
        <source>WSL distro</source>
        <translation>WSL 发行版</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="152"/>
        <source>{name}{default}: WSL {version}, {state}</source>
        <translation>{name}{default}：WSL {version}，{state}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="161"/>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="162"/>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="165"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="166"/>
        <source>{gib:.1f} GiB</source>
        <translation>{gib:.1f} GiB</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="168"/>
        <source>Driver model</source>
        <translation>驱动模式</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="169"/>
        <source>PCI bus</source>
        <translation>PCI 总线</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="175"/>
        <source>Driver {driver}, supports CUDA up to {cuda}</source>
        <translation>驱动 {driver}，最高支持 CUDA {cuda}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="178"/>
        <source>GPUs: {n}</source>
        <translation>显卡：{n} 块</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="180"/>
        <source>No NVIDIA driver found</source>
        <translation>未找到 NVIDIA 驱动</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="182"/>
        <source>Driver version</source>
        <translation>驱动版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="183"/>
        <source>Highest CUDA this driver supports</source>
        <translation>此驱动支持的最高 CUDA 版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="184"/>
        <source>Read through</source>
        <translation>读取方式</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="185"/>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="194"/>
        <location filename="../../gui/scan_view.py" line="225"/>
        <source>Installed: {versions}</source>
        <translation>已安装：{versions}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="196"/>
        <source>No CUDA toolkit found</source>
        <translation>未找到 CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="198"/>
        <source>CUDA_PATH</source>
        <translation>CUDA_PATH</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="199"/>
        <source>First on PATH</source>
        <translation>PATH 中排在最前</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="200"/>
        <source>nvcc on PATH</source>
        <translation>PATH 中的 nvcc</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="203"/>
        <source>CUDA {version}</source>
        <translation>CUDA {version}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="208"/>
        <source>Full version</source>
        <translation>完整版本</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="209"/>
        <source>nvcc</source>
        <translation>nvcc</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="211"/>
        <source>yes (entry {n})</source>
        <translation>是（第 {n} 项）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="215"/>
        <source>bin folder on PATH</source>
        <translation>bin 文件夹在 PATH 中</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="216"/>
        <location filename="../../gui/scan_view.py" line="240"/>
        <location filename="../../gui/scan_view.py" line="313"/>
        <source>Found through</source>
        <translation>发现途径</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="227"/>
        <source>No cuDNN found</source>
        <translation>未找到 cuDNN</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="231"/>
        <source>cuDNN {version}</source>
        <translation>cuDNN {version}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="236"/>
        <source>Header</source>
        <translation>头文件</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="237"/>
        <source>Inside CUDA toolkit</source>
        <translation>所在 CUDA 工具包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="239"/>
        <source>Library</source>
        <translation>库文件</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="254"/>
        <source>TensorFlow</source>
        <translation>TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="256"/>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="261"/>
        <location filename="../../gui/scan_view.py" line="268"/>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="269"/>
        <source>Import error</source>
        <translation>导入错误</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="270"/>
        <location filename="../../gui/scan_view.py" line="293"/>
        <source>Why no GPU</source>
        <translation>为什么没有 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="264"/>
        <source>Not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="109"/>
        <source>Something is wrong here</source>
        <translation>这里有问题</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="246"/>
        <source>missing (cuDNN 8.3 and later needs it)</source>
        <translation>缺失（cuDNN 8.3 及以上需要它）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="273"/>
        <source>GPUs seen: {n}</source>
        <translation>识别到的 GPU：{n} 块</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="278"/>
        <location filename="../../gui/scan_view.py" line="331"/>
        <source>GPU ready</source>
        <translation>GPU 可用</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="278"/>
        <location filename="../../gui/scan_view.py" line="333"/>
        <source>No GPU</source>
        <translation>没有 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="284"/>
        <source>yes: CUDA {cuda}, cuDNN {cudnn}</source>
        <translation>是：CUDA {cuda}，cuDNN {cudnn}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="288"/>
        <source>no: this TensorFlow can only use the CPU</source>
        <translation>否：这个 TensorFlow 只能使用 CPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="290"/>
        <source>Built with CUDA</source>
        <translation>带 CUDA 编译</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="292"/>
        <source>GPU seen</source>
        <translation>识别到的 GPU</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="294"/>
        <source>CUDA libraries loaded</source>
        <translation>已加载的 CUDA 库</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="296"/>
        <source>NVIDIA pip packages</source>
        <translation>NVIDIA 的 pip 包</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="307"/>
        <source>Python {details}</source>
        <translation>Python {details}</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="310"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="310"/>
        <source>this is the Python running this app</source>
        <translation>这是正在运行本程序的 Python</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="311"/>
        <source>Prefix</source>
        <translation>环境目录</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="312"/>
        <source>Bits</source>
        <translation>位数</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="323"/>
        <source>Pythons: {envs} · with TensorFlow: {tf} · TensorFlow sees a GPU: {gpu}</source>
        <translation>Python：{envs} 个 · 装有 TensorFlow：{tf} 个 · TensorFlow 识别到 GPU：{gpu} 个</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="327"/>
        <source>No Python found</source>
        <translation>未找到 Python</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="77"/>
        <source>Python and TensorFlow</source>
        <translation>Python 与 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="335"/>
        <source>No TensorFlow</source>
        <translation>没有 TensorFlow</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="354"/>
        <source>TF GPU Assistant {version}: system check of {when} ({seconds:.1f} s)</source>
        <translation>TF GPU 助手 {version}：{when} 的系统检查（用时 {seconds:.1f} 秒）</translation>
    </message>
    <message>
        <location filename="../../gui/scan_view.py" line="359"/>
        <source>The check was stopped before the end; some results are missing.</source>
        <translation>检查在完成前被停止，部分结果缺失。</translation>
    </message>
</context>
<context>
    <name>SystemPage</name>
    <message>
        <location filename="../../gui/pages/system.py" line="36"/>
        <source>Your system</source>
        <translation>你的系统</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="39"/>
        <source>We look at the graphics driver, CUDA, cuDNN and every Python on this computer. Nothing is installed or changed.</source>
        <translation>我们会检查显卡驱动、CUDA、cuDNN，以及这台电脑上的每一个 Python。不会安装或修改任何东西。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="75"/>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="75"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="75"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="91"/>
        <source>Select a line above to read it in full here.</source>
        <translation>在上方选中一行，即可在这里查看完整内容。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="99"/>
        <location filename="../../gui/pages/system.py" line="236"/>
        <source>Re-check</source>
        <translation>重新检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="100"/>
        <source>Run every check again, e.g. after you changed something.</source>
        <translation>重新运行所有检查，例如在你修改了某些设置之后。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="102"/>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="103"/>
        <source>Copy the whole result, to paste into a chat or an issue.</source>
        <translation>复制完整结果，方便粘贴到聊天或问题报告（issue）里。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="117"/>
        <source>Ready to check this computer.</source>
        <translation>准备检查这台电脑。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="152"/>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="171"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="173"/>
        <source>Checking your computer… this takes a few seconds, up to a minute.</source>
        <translation>正在检查你的电脑…需要几秒钟，最多一分钟。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="182"/>
        <source>%v of %m checks done</source>
        <translation>已完成 %v / %m 项检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="183"/>
        <source>Done: {step}</source>
        <translation>已完成：{step}</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="198"/>
        <source>The check was stopped; some results are missing. Click Re-check to run it again.</source>
        <translation>检查已停止，部分结果缺失。点击“重新检查”可再次运行。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="200"/>
        <source>Check finished in {seconds:.1f} s.</source>
        <translation>检查完成，用时 {seconds:.1f} 秒。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="203"/>
        <source>No problem found in these checks.</source>
        <translation>这些检查都没有发现问题。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../gui/pages/system.py" line="204"/>
        <source>%n part(s) need your attention: select one to read what to do.</source>
        <translation>
            <numerusform>有 %n 项需要注意：选中一项即可查看该怎么做。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="215"/>
        <source>The check could not finish: {error}. Click Re-check to try again; if it keeps failing, please report it.</source>
        <translation>检查未能完成：{error}。点击“重新检查”再试一次；如果一直失败，请报告这个问题。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="236"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="254"/>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="263"/>
        <source>Found; now asking TensorFlow in each one whether it sees the GPU…</source>
        <translation>已找到；正在逐个询问其中的 TensorFlow 能否识别到 GPU…</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="267"/>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <location filename="../../gui/pages/system.py" line="274"/>
        <source>TensorFlow checked in {done} of {total} Pythons…</source>
        <translation>已在 {done} / {total} 个 Python 中检查 TensorFlow…</translation>
    </message>
</context>
<context>
    <name>TfgpuWizard</name>
    <message>
        <location filename="../../gui/wizard.py" line="31"/>
        <source>TF GPU Assistant</source>
        <translation>TF GPU 助手</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../../gui/pages/welcome.py" line="15"/>
        <source>Welcome to TF GPU Assistant</source>
        <translation>欢迎使用 TF GPU 助手</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="16"/>
        <source>From “I have an NVIDIA card” to “TensorFlow runs on it”.</source>
        <translation>从“我有一块 NVIDIA 显卡”到“TensorFlow 在它上面跑起来”。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="39"/>
        <source>What this app does</source>
        <translation>这个程序做什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="41"/>
        <source>TensorFlow needs several pieces to use your graphics card: the NVIDIA driver, the CUDA and cuDNN libraries in versions that match, and a Python in which TensorFlow is installed. This app checks each of them on this computer.</source>
        <translation>TensorFlow 要用上你的显卡，需要几样东西：NVIDIA 驱动、版本相互匹配的 CUDA 和 cuDNN 库，以及一个装有 TensorFlow 的 Python。本程序会在这台电脑上逐一检查它们。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="47"/>
        <source>What you get</source>
        <translation>你会得到什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="49"/>
        <source>When something is missing or does not match, it tells you why in plain words and what to do about it. After each fix, one click checks again.</source>
        <translation>如果缺了什么或者版本对不上，它会用通俗的话告诉你原因，以及该怎么解决。每修好一处，点一下就能重新检查。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="54"/>
        <source>What happens next</source>
        <translation>接下来会发生什么</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="56"/>
        <source>Click &lt;b&gt;Next&lt;/b&gt;. The app looks at this computer: the driver, CUDA, cuDNN and every Python it can find, and it starts TensorFlow in each of them to ask whether it sees the GPU. This takes a few seconds, up to a minute. Nothing is installed or changed.</source>
        <translation>点击&lt;b&gt;下一步&lt;/b&gt;。程序会检查这台电脑：驱动、CUDA、cuDNN 以及能找到的每一个 Python，并在每个 Python 中启动 TensorFlow，看它能否识别到 GPU。这需要几秒钟，最多一分钟。不会安装或修改任何东西。</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="63"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../gui/pages/welcome.py" line="65"/>
        <source>The app speaks English and Simplified Chinese and follows your system language. To choose, start it with &lt;code&gt;tfgpu gui --lang en&lt;/code&gt; or &lt;code&gt;tfgpu gui --lang zh_CN&lt;/code&gt;.</source>
        <translation>本程序支持英文和简体中文，默认跟随系统语言。如需指定，请用 &lt;code&gt;tfgpu gui --lang en&lt;/code&gt; 或 &lt;code&gt;tfgpu gui --lang zh_CN&lt;/code&gt; 启动。</translation>
    </message>
</context>
</TS>
